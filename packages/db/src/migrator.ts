import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Applies prisma/migrations with plain `pg`: Prisma's CLI needs a schema engine that cannot be
// downloaded here (MACHINE.md). It keeps Prisma's own `_prisma_migrations` table and advisory lock
// key, so `prisma migrate deploy` (where the engine is available) and this migrator agree on what
// has been applied and never run at the same time.

/** The repository's prisma/migrations, relative to this file (packages/db/src). */
export const defaultMigrationsDir = fileURLToPath(
  new URL('../../../prisma/migrations', import.meta.url),
);

/** The key `prisma migrate` locks with (pg_advisory_lock(72707369)); sharing it excludes both. */
const ADVISORY_LOCK_KEY = 72707369;
const LOCK_POLL_MS = 200;

export type MigrationErrorCode =
  | 'CHECKSUM_MISMATCH'
  | 'FAILED_MIGRATION'
  | 'MIGRATION_FAILED'
  | 'LOCK_TIMEOUT'
  | 'NO_MIGRATIONS';

export class MigrationError extends Error {
  readonly code: MigrationErrorCode;
  constructor(code: MigrationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
    this.code = code;
  }
}

export interface MigrateOptions {
  databaseUrl: string;
  migrationsDir?: string;
  log?: (message: string) => void;
  /** How long to wait for another migrator holding the lock; default 10 minutes. */
  lockTimeoutMs?: number;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Applied in the database but absent from the migrations folder (informational). */
  unknown: string[];
  /** Why `ok` is false besides pending migrations: checksum changes, failed migrations. */
  problems: string[];
  ok: boolean;
}

interface LocalMigration {
  name: string;
  sql: string;
  checksum: string;
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

// Prisma's DDL for its bookkeeping table (same columns and types).
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** Reads `<dir>/<name>/migration.sql` for every migration folder, in name (timestamp) order. */
export async function readMigrations(
  migrationsDir = defaultMigrationsDir,
): Promise<LocalMigration[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrations: LocalMigration[] = [];
  for (const name of names) {
    let sql: string;
    try {
      sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
    } catch {
      continue; // a folder without migration.sql is not a migration (Prisma ignores it too)
    }
    migrations.push({ name, sql, checksum: checksumOf(sql) });
  }
  return migrations;
}

/** Prisma's checksum: SHA-256 (hex) of the migration file. */
export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/** Prisma accepts a file whose only change is CRLF ↔ LF line endings; so do we. */
function sameChecksum(recorded: string, migration: LocalMigration): boolean {
  if (recorded === migration.checksum) return true;
  return (
    recorded === checksumOf(migration.sql.replace(/\r\n/g, '\n')) ||
    recorded === checksumOf(migration.sql.replace(/\r?\n/g, '\r\n'))
  );
}

interface Plan {
  applied: string[];
  pending: LocalMigration[];
  unknown: string[];
  problems: { code: MigrationErrorCode; message: string }[];
}

function plan(local: LocalMigration[], rows: MigrationRow[]): Plan {
  const problems: Plan['problems'] = [];
  const done = new Map<string, MigrationRow>();
  for (const row of rows) {
    if (row.rolled_back_at) continue; // rolled back: as if never applied (Prisma's rule)
    if (!row.finished_at) {
      problems.push({
        code: 'FAILED_MIGRATION',
        message:
          `migration ${row.migration_name} is recorded as failed (started, never finished)` +
          (row.logs ? `: ${row.logs.split('\n')[0]}` : '') +
          '. Repair the database by hand, then mark it rolled back (set rolled_back_at, or ' +
          '`prisma migrate resolve --rolled-back`) so it can be applied again.',
      });
      continue;
    }
    done.set(row.migration_name, row);
  }
  const applied: string[] = [];
  const pending: LocalMigration[] = [];
  for (const migration of local) {
    const row = done.get(migration.name);
    if (!row) {
      pending.push(migration);
      continue;
    }
    applied.push(migration.name);
    if (!sameChecksum(row.checksum, migration)) {
      problems.push({
        code: 'CHECKSUM_MISMATCH',
        message:
          `migration ${migration.name} was modified after it was applied ` +
          `(checksum ${row.checksum.slice(0, 12)}… in the database, ` +
          `${migration.checksum.slice(0, 12)}… on disk). Applied migrations are immutable: ` +
          'restore the file and put the change in a new migration.',
      });
    }
  }
  const localNames = new Set(local.map((migration) => migration.name));
  const unknown = [...done.keys()].filter((name) => !localNames.has(name)).sort();
  return { applied, pending, unknown, problems };
}

async function readRows(client: pg.ClientBase): Promise<MigrationRow[]> {
  const exists = await client.query<{ present: boolean }>(
    "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present",
  );
  if (!exists.rows[0]?.present) return [];
  const result = await client.query<MigrationRow>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at, logs FROM "_prisma_migrations" ORDER BY started_at, migration_name',
  );
  return result.rows;
}

async function acquireLock(
  client: pg.ClientBase,
  timeoutMs: number,
  log: (message: string) => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    const result = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [ADVISORY_LOCK_KEY],
    );
    if (result.rows[0]?.locked) return;
    if (!announced) {
      log('another migrator holds the migration lock; waiting for it to finish');
      announced = true;
    }
    if (Date.now() >= deadline) {
      throw new MigrationError(
        'LOCK_TIMEOUT',
        `could not take the migration lock within ${timeoutMs} ms: another migration is still running`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'toolplane-migrator',
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Applies every pending migration, each in its own transaction, under an advisory lock, and
 * returns the names applied (empty when the database is up to date). Refuses — applying nothing —
 * when an applied migration's file changed or a failed migration is recorded.
 */
export async function applyMigrations(options: MigrateOptions): Promise<{ applied: string[] }> {
  const log = options.log ?? (() => {});
  const local = await readMigrations(options.migrationsDir ?? defaultMigrationsDir);
  if (local.length === 0) {
    throw new MigrationError(
      'NO_MIGRATIONS',
      `no migrations found in ${options.migrationsDir ?? defaultMigrationsDir}`,
    );
  }
  return withClient(options.databaseUrl, async (client) => {
    await acquireLock(client, options.lockTimeoutMs ?? 10 * 60_000, log);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const current = plan(local, await readRows(client));
      const problem = current.problems[0];
      if (problem) throw new MigrationError(problem.code, problem.message);
      for (const name of current.unknown) {
        log(`warning: ${name} is applied in the database but missing from the migrations folder`);
      }
      const applied: string[] = [];
      for (const migration of current.pending) {
        log(`applying ${migration.name}`);
        await applyOne(client, migration);
        applied.push(migration.name);
      }
      return { applied };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => {});
    }
  });
}

async function applyOne(client: pg.ClientBase, migration: LocalMigration): Promise<void> {
  const id = randomUUID();
  try {
    await client.query('BEGIN');
    await client.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
      [id, migration.checksum, migration.name],
    );
    // Simple-query protocol (no parameters): the whole multi-statement file in one round trip.
    await client.query(migration.sql);
    await client.query(
      'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    // The transaction left nothing behind, so the attempt is recorded as rolled back: visible in
    // the history, and retried on the next run once the file is fixed.
    await client
      .query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at, rolled_back_at, applied_steps_count) VALUES ($1, $2, $3, $4, now(), now(), 0)',
        [id, migration.checksum, migration.name, message],
      )
      .catch(() => {});
    throw new MigrationError(
      'MIGRATION_FAILED',
      `migration ${migration.name} failed and was rolled back: ${message}`,
      { cause: error },
    );
  }
}

/** What is applied and pending, without changing anything. */
export async function migrationStatus(options: {
  databaseUrl: string;
  migrationsDir?: string;
}): Promise<MigrationStatus> {
  const local = await readMigrations(options.migrationsDir ?? defaultMigrationsDir);
  return withClient(options.databaseUrl, async (client) => {
    const current = plan(local, await readRows(client));
    return {
      applied: current.applied,
      pending: current.pending.map((migration) => migration.name),
      unknown: current.unknown,
      problems: current.problems.map((problem) => problem.message),
      ok: current.pending.length === 0 && current.problems.length === 0,
    };
  });
}
