import { migrationStatus } from '@toolplane/db/migrator';
import type pg from 'pg';
import type { Logger } from './logger';
import { pingDatabase } from './ping-database';
import { withTimeout } from './with-timeout';

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface ReadinessCheck {
  check(): Promise<Readiness>;
  /** From now on every check answers "draining" (the process is shutting down). */
  startDraining(): void;
}

const DATABASE_TIMEOUT_MS = 2_000;
// Reading the migrations folder and _prisma_migrations is heavier than SELECT 1, and it runs
// only until it first succeeds. The migrator finds prisma/migrations relative to its own file;
// dist/runtime.js sits at the same depth as packages/db/src, so the bundle resolves it the same way.
const MIGRATIONS_TIMEOUT_MS = 5_000;

/**
 * Ready = the database answers `SELECT 1` now AND no migration is pending. Migrations are never
 * un-applied, so the first positive migration check is kept; the database is pinged every time.
 * Concurrent probes share one check. Reasons are fixed strings plus migration folder names:
 * never a connection string or a driver message (those go to the log).
 */
export function createReadinessCheck(options: {
  pool: pg.Pool;
  databaseUrl: string;
  logger: Logger;
}): ReadinessCheck {
  const { pool, databaseUrl, logger } = options;
  let draining = false;
  let migrationsApplied = false;
  let inFlight: Promise<Readiness> | undefined;
  let lastReason: string | null | undefined; // null = ready; undefined = not checked yet

  async function evaluate(): Promise<Readiness> {
    try {
      await pingDatabase(pool, DATABASE_TIMEOUT_MS);
    } catch (error) {
      return notReady('database unreachable', error);
    }
    if (!migrationsApplied) {
      try {
        const status = await withTimeout(
          migrationStatus({ databaseUrl }),
          MIGRATIONS_TIMEOUT_MS,
          `migration status took over ${MIGRATIONS_TIMEOUT_MS} ms`,
        );
        if (status.pending.length > 0) {
          return notReady(`migrations pending: ${status.pending.join(', ')}`);
        }
        if (!status.ok) {
          // A failed or edited migration: the details (names, checksums) go to the log only.
          return notReady('migrations failed or modified', { problems: status.problems });
        }
        migrationsApplied = true;
      } catch (error) {
        return notReady('database unreachable', error);
      }
    }
    if (lastReason !== null) logger.info('runtime ready');
    lastReason = null;
    return { ready: true };
  }

  function notReady(reason: string, detail?: unknown): Readiness {
    if (reason !== lastReason) logger.warn('runtime not ready', { reason, detail });
    lastReason = reason;
    return { ready: false, reason };
  }

  return {
    async check() {
      if (draining) return { ready: false, reason: 'draining' };
      inFlight ??= evaluate().finally(() => {
        inFlight = undefined;
      });
      const result = await inFlight;
      return draining ? { ready: false, reason: 'draining' } : result;
    },
    startDraining() {
      draining = true;
    },
  };
}
