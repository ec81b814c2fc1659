import pg from 'pg';
import Cursor from 'pg-cursor';
import { ConnectorError, connectFailed, safeDriverMessage } from '../connector-error';
import type { DriverPool, PoolSettings, QueryResult, SqlQuery } from '../connector-types';
import type { ConnectorAddress } from '../parse-connector-url';
import { withDeadline } from '../with-deadline';

// Type parsers shared by every tenant pool. pg's defaults turn int8 into strings and
// `timestamp`/`date` (no time zone) into a Date in the runtime's local zone, which shifts the
// value the tenant stored. Here: int8 → number when it fits exactly, else its text; `date` and
// `timestamp` stay the text the server sent; `timestamptz` is a Date (→ ISO UTC). numeric stays
// text (exact).
const INT8 = 20;
const DATE = 1082;
const TIMESTAMP = 1114;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) {
      return (text: string) => {
        const value = Number(text);
        return Number.isSafeInteger(value) ? value : text;
      };
    }
    if (oid === DATE || oid === TIMESTAMP) return (text: string) => text;
    return pg.types.getTypeParser(oid, format);
  },
};

// Grace past the server-side statement_timeout before the client gives up on the connection
// (a hung network never answers the server's cancellation).
const CLIENT_GRACE_MS = 2_000;

/**
 * A bounded pg pool for one tenant connector, connected to the pinned address. Every call is
 * one transaction — `BEGIN [READ ONLY]; SET LOCAL statement_timeout` — so the read-only flag and
 * the tool's timeout hold whatever the previous call on that connection did to its session.
 * Rows are read through a cursor, `maxRows + 1` at most, so a huge result never sits in memory.
 */
export function createPostgresPool(
  address: ConnectorAddress,
  pinnedHost: string,
  settings: PoolSettings,
  onIdleError: (error: Error) => void,
): DriverPool {
  const pool = new pg.Pool({
    host: pinnedHost,
    port: address.port,
    user: address.user,
    password: address.password,
    database: String(address.database),
    ssl: address.tls
      ? { rejectUnauthorized: address.tlsVerify, servername: address.host }
      : undefined,
    max: settings.maxConnections,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.connectionIdleMs,
    allowExitOnIdle: true,
    application_name: 'toolplane-runtime',
    keepAlive: true,
    types,
  });
  // An idle connection whose server goes away emits 'error' on the pool; unhandled it would
  // crash the process. The next call reconnects.
  pool.on('error', onIdleError);

  async function run(query: SqlQuery): Promise<QueryResult> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      if (
        error instanceof Error &&
        /timeout exceeded when trying to connect/i.test(error.message)
      ) {
        throw new ConnectorError(
          'POOL_EXHAUSTED',
          `no PostgreSQL connection within ${settings.connectTimeoutMs} ms (pool of ${settings.maxConnections} busy or the server is slow to answer)`,
          { cause: error },
        );
      }
      throw connectFailed('PostgreSQL', error);
    }
    let broken = false;
    try {
      const timeout = Math.max(1, Math.floor(query.timeoutMs));
      return await withDeadline(
        execute(client, query, timeout),
        timeout + CLIENT_GRACE_MS,
        `the statement took over ${timeout} ms`,
        () => {
          broken = true;
        },
      );
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === '57014') {
        throw new ConnectorError('TIMEOUT', `the statement took over ${query.timeoutMs} ms`);
      }
      if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) broken = true;
      throw new ConnectorError('QUERY_FAILED', safeDriverMessage(error), { cause: error });
    } finally {
      // A connection that failed outside SQL (network, protocol, our deadline) is discarded.
      client.release(broken ? true : undefined);
    }
  }

  return {
    type: 'postgres',
    run: (query) => {
      if (query.type !== 'postgres') throw new Error('not a postgres query');
      return run(query);
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function execute(
  client: pg.PoolClient,
  query: SqlQuery,
  timeoutMs: number,
): Promise<QueryResult> {
  // One round trip: the simple protocol runs both statements.
  await client.query(
    `${query.readOnly ? 'BEGIN READ ONLY' : 'BEGIN'}; SET LOCAL statement_timeout = ${timeoutMs}`,
  );
  try {
    const values = query.params as unknown[];
    let rows: unknown[];
    let truncated = false;
    if (query.maxRows === undefined) {
      rows = (await client.query({ text: query.text, values })).rows;
    } else {
      const cursor = client.query(new Cursor(query.text, values));
      rows = await cursor.read(query.maxRows + 1);
      // After a failed read the cursor is finished already; close only a live portal.
      await cursor.close();
      if (rows.length > query.maxRows) {
        rows = rows.slice(0, query.maxRows);
        truncated = true;
      }
    }
    await client.query('COMMIT');
    return { rows, truncated };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
