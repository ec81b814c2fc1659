import type pg from 'pg';
import { withTimeout } from './with-timeout';

/**
 * `SELECT 1` within `timeoutMs`. Checking out a client is bounded by the pool's own
 * connectionTimeoutMillis (see createReadinessPool): racing it here instead would leak the
 * client when it arrives late. A query that times out destroys its connection rather than
 * return one with a statement still in flight to the pool.
 */
export async function pingDatabase(pool: pg.Pool, timeoutMs: number): Promise<void> {
  const started = performance.now();
  const client = await pool.connect();
  const remaining = Math.max(1, timeoutMs - (performance.now() - started));
  try {
    await withTimeout(client.query('SELECT 1'), remaining, `SELECT 1 took over ${timeoutMs} ms`);
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
