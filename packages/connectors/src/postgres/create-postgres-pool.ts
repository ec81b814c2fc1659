import pg from 'pg';
import { ConnectorError, connectFailed, safeDriverMessage } from '../connector-error';
import type { DriverPool, PoolSettings, QueryResult, SqlQuery } from '../connector-types';
import type { ConnectorAddress } from '../parse-connector-url';
import { withDeadline } from '../with-deadline';
import { LimitedQuery } from './limited-query';

// Type parsers shared by every tenant pool. pg's defaults turn int8 into strings and
// `timestamp`/`date` (no time zone) into a Date in the runtime's local zone, which shifts the
// value the tenant stored. Here: int8 → number when it fits exactly, else its text; `date` and
// `timestamp` stay the text the server sent; `timestamptz` is a Date (→ ISO UTC). numeric stays
// text (exact).
const INT8 = 20;
const DATE = 1082;
const TIMESTAMP = 1114;
const parseInt8 = (text: string) => {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
};
const asText = (text: string) => text;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return parseInt8;
    if (oid === DATE || oid === TIMESTAMP) return asText;
    return pg.types.getTypeParser(oid, format);
  },
};

// Grace past the server-side statement_timeout before the client gives up on the connection
// (a hung network never answers the server's cancellation).
const CLIENT_GRACE_MS = 2_000;

/**
 * A bounded pg pool for one tenant connector, connected to the pinned address. A call is one
 * round trip on a connection whose session already has the call's read-only default and
 * statement timeout (set once, changed only when a call needs different ones): a prepared
 * statement in its own implicit transaction, executed with a row limit so `maxRows + 1` rows at
 * most come back and a huge result never sits in memory. A statement that may have changed the
 * session (any command but SELECT/INSERT/UPDATE/DELETE/MERGE/FETCH/VALUES) gets its connection
 * closed, never reused. (A statement calling `set_config()` inside a SELECT is not detected; it
 * can only affect later calls of the same workspace's connector, whose tools the same people
 * write.)
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
      const { rows, truncated, discard } = await withDeadline(
        execute(client, query, timeout),
        timeout + CLIENT_GRACE_MS,
        `the statement took over ${timeout} ms`,
        () => {
          broken = true;
        },
      );
      if (discard) broken = true;
      return { rows, truncated };
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === '57014') {
        throw new ConnectorError('TIMEOUT', `the statement took over ${query.timeoutMs} ms`);
      }
      // Not an SQL error (network, protocol), or a prepared statement the server can no longer
      // use as planned (0A000: "cached plan must not change result type"): discard the connection.
      if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || code === '0A000') {
        broken = true;
      }
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

// What each pooled connection's session was last set to ("on:5000"): read-only default and
// statement timeout are set once per connection and changed only when a call needs others.
const sessions = new WeakMap<pg.PoolClient, string>();

// Command tags a tool statement may leave behind without changing the session. Anything else
// (SET, RESET, BEGIN, DISCARD, LISTEN, PREPARE, …) might have changed it: that connection is
// closed instead of reused.
const PLAIN_COMMANDS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'FETCH',
  'VALUES',
]);

interface Executed extends QueryResult {
  /** The statement may have changed the session: do not reuse the connection. */
  readonly discard: boolean;
}

async function execute(
  client: pg.PoolClient,
  query: SqlQuery,
  timeoutMs: number,
): Promise<Executed> {
  // The read-only flag and the timeout are session defaults of the connection
  // (default_transaction_read_only, statement_timeout), set in one round trip when they differ
  // from what the connection has; each statement then runs in its own implicit transaction.
  const wanted = `${query.readOnly ? 'on' : 'off'}:${timeoutMs}`;
  if (sessions.get(client) !== wanted) {
    sessions.delete(client);
    await client.query(
      `SET default_transaction_read_only = ${query.readOnly ? 'on' : 'off'}; SET statement_timeout = ${timeoutMs}`,
    );
    sessions.set(client, wanted);
  }
  // One round trip: a prepared statement (parsed once per connection), at most maxRows + 1 rows.
  const limited = new LimitedQuery(query.text, query.params, query.maxRows);
  client.query(limited as unknown as pg.Submittable);
  const { rows, truncated, command } = await limited.done;
  return { rows, truncated, discard: command === null || !PLAIN_COMMANDS.has(command) };
}
