import pg from 'pg';
import type { Logger } from './logger';

/**
 * The runtime's own connection to the control-plane database, used by `/readyz` only (tool
 * calls get per-workspace pools). Defaults, and why:
 * - max 2: probes are single-flight, so one connection suffices; a second covers a probe that
 *   overlaps a connection being torn down. More would only hold server slots for nothing.
 * - connectionTimeoutMillis 2000: also bounds waiting for a pool slot, so a hung server fails
 *   the probe in 2 s instead of stacking probes (pingDatabase relies on this bound).
 * - idleTimeoutMillis 30000: probes come every few seconds; keeping a connection warm across
 *   them avoids a TCP + auth handshake per probe without pinning it forever.
 * - allowExitOnIdle: an idle probe connection must never keep a draining process alive.
 */
export function createReadinessPool(databaseUrl: string, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    application_name: 'toolplane-runtime',
  });
  // An idle client whose server goes away emits 'error' on the pool; unhandled, that would crash
  // the process. The next probe reconnects and reports the outage through /readyz.
  pool.on('error', (error) => logger.warn('readiness connection lost', { error }));
  return pool;
}
