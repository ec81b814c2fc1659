import { ConnectorError } from './connector-error';
import type { ConnectorConfig, ConnectorNetworkPolicy } from './connector-types';
import { openDriverPool } from './open-driver-pool';

export type TestConnectionResult =
  | { ok: true; latencyMs: number }
  | { ok: false; code: ConnectorError['code']; message: string };

/**
 * The dashboard's "Test connection": the same URL parsing, address policy and drivers as the
 * runtime, one connection, `SELECT 1` or `PING`, then closed. Never throws; the message is safe.
 */
export async function testConnection(
  config: ConnectorConfig,
  policy: ConnectorNetworkPolicy,
  options: { timeoutMs?: number } = {},
): Promise<TestConnectionResult> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const started = performance.now();
  try {
    const pool = await openDriverPool(
      config,
      policy,
      { maxConnections: 1, connectTimeoutMs: timeoutMs, connectionIdleMs: 1_000 },
      () => {},
    );
    try {
      await pool.run(
        config.type === 'redis'
          ? { type: 'redis', command: 'PING', args: [], readOnly: true, timeoutMs }
          : {
              type: config.type,
              text: 'SELECT 1',
              params: [],
              readOnly: true,
              maxRows: 1,
              timeoutMs,
            },
      );
    } finally {
      await pool.close().catch(() => {});
    }
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    if (error instanceof ConnectorError)
      return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: 'CONNECT_FAILED', message: 'the connection test failed' };
  }
}
