import mysql from 'mysql2/promise';
import { ConnectorError, connectFailed, safeDriverMessage } from '../connector-error';
import type { DriverPool, PoolSettings, QueryResult, SqlQuery } from '../connector-types';
import type { ConnectorAddress } from '../parse-connector-url';
import { withDeadline } from '../with-deadline';

type CoreConnection = mysql.PoolConnection['connection'] & {
  threadId: number;
  execute(options: { sql: string; values: unknown[] }): NodeJS.EventEmitter;
};

/**
 * A bounded mysql2 pool for one tenant connector (MySQL or MariaDB), connected to the pinned
 * address. Statements run as server-side prepared statements (`execute`), so values are bound,
 * never spliced. Read-only tools run in `START TRANSACTION READ ONLY`. Rows stream in and only
 * `maxRows + 1` are kept. The timeout is enforced by the client (MySQL's own limit covers only
 * SELECT, MariaDB's has other syntax): the connection is dropped and the query killed.
 */
export function createMysqlPool(
  address: ConnectorAddress,
  pinnedHost: string,
  settings: PoolSettings,
  onIdleError: (error: Error) => void,
): DriverPool {
  const pool = mysql.createPool({
    host: pinnedHost,
    port: address.port,
    user: address.user,
    password: address.password,
    database: String(address.database),
    // mysql2 verifies the certificate against the host it dials; with a pinned address only
    // `rejectUnauthorized: false` or a custom check would pass. Keep verification on and say so.
    ssl: address.tls ? { rejectUnauthorized: address.tlsVerify } : undefined,
    connectionLimit: settings.maxConnections,
    maxIdle: settings.maxConnections,
    idleTimeout: settings.connectionIdleMs,
    connectTimeout: settings.connectTimeoutMs,
    waitForConnections: true,
    queueLimit: 0,
    enableKeepAlive: true,
    // Exact values: big integers and decimals as text when a JS number cannot hold them; dates
    // as the text the server stored (no time-zone shift through a JS Date).
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: true,
    multipleStatements: false,
    // Prepared statements cached per connection, bounded.
    maxPreparedStatements: 256,
  });
  pool.pool.on('error', onIdleError);
  let waiting = 0;

  async function acquire(): Promise<mysql.PoolConnection> {
    waiting++;
    let timedOut = false;
    const pending = pool.getConnection();
    try {
      return await withDeadline(
        pending,
        settings.connectTimeoutMs,
        `no MySQL connection within ${settings.connectTimeoutMs} ms (pool of ${settings.maxConnections} busy or the server is slow to answer)`,
        () => {
          timedOut = true;
        },
      );
    } catch (error) {
      if (timedOut) {
        // The connection may still arrive: give it back to the pool.
        pending.then((late) => late.release()).catch(() => {});
        throw new ConnectorError('POOL_EXHAUSTED', (error as Error).message);
      }
      throw connectFailed('MySQL', error);
    } finally {
      waiting--;
    }
  }

  async function run(query: SqlQuery): Promise<QueryResult> {
    const connection = await acquire();
    const core = connection.connection as unknown as CoreConnection;
    let broken = false;
    try {
      if (query.readOnly) await connection.query('START TRANSACTION READ ONLY');
      const result = await withDeadline(
        stream(core, query),
        query.timeoutMs,
        `the statement took over ${query.timeoutMs} ms`,
        () => {
          broken = true;
          // Stop the server working on it too; the killer connection comes from the pool.
          pool.query(`KILL QUERY ${Number(core.threadId)}`).catch(() => {});
        },
      );
      if (query.readOnly) await connection.query('COMMIT');
      return result;
    } catch (error) {
      if (!broken && query.readOnly)
        await connection.query('ROLLBACK').catch(() => {
          broken = true;
        });
      if (error instanceof ConnectorError) throw error;
      const errno = (error as { errno?: unknown }).errno;
      if (typeof errno !== 'number' || errno < 1000) broken = true;
      throw new ConnectorError('QUERY_FAILED', safeDriverMessage(error), { cause: error });
    } finally {
      if (broken) connection.destroy();
      else connection.release();
    }
  }

  return {
    type: 'mysql',
    run: (query) => {
      if (query.type !== 'mysql') throw new Error('not a mysql query');
      return run(query);
    },
    stats: () => {
      const inner = pool.pool as unknown as {
        _allConnections?: { length: number };
        _freeConnections?: { length: number };
      };
      return {
        total: inner._allConnections?.length ?? 0,
        idle: inner._freeConnections?.length ?? 0,
        waiting,
      };
    },
    close: () => pool.end(),
  };
}

function stream(core: CoreConnection, query: SqlQuery): Promise<QueryResult> {
  return new Promise((resolve, reject) => {
    const rows: unknown[] = [];
    const limit = query.maxRows ?? Number.POSITIVE_INFINITY;
    let truncated = false;
    const command = core.execute({ sql: query.text, values: query.params as unknown[] });
    command.on('result', (row: unknown) => {
      if (rows.length < limit) rows.push(row);
      else truncated = true;
    });
    command.once('error', reject);
    command.once('end', () => resolve({ rows, truncated }));
  });
}
