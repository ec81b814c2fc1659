import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from './generated/prisma/client';

/** The root client: owns the pool; `$disconnect()` it when the process stops. */
export type DbClient = PrismaClient;

/** What every data function takes: the root client or the client of an open transaction. */
export type Db = PrismaClient | Prisma.TransactionClient;

export interface CreateDbOptions {
  databaseUrl: string;
  /**
   * Pool size per process. pg's default is 10; we keep it, because PostgreSQL's default
   * max_connections (100) is shared by every replica of the web app and the runtime, and a
   * control-plane query is short: more connections would queue in the server instead.
   */
  max?: number;
  /** Shown in pg_stat_activity, so an operator can tell the web app from the runtime. */
  applicationName?: string;
}

/**
 * A Prisma client on `@prisma/adapter-pg` (Prisma 7 needs a driver adapter; no Rust engine).
 *
 * Pool defaults, and why:
 * - connectionTimeoutMillis 5 s: pg waits forever by default, which turns a database outage into
 *   requests that hang; 5 s fails them with an error the edge can map.
 * - idleTimeoutMillis 30 s: releases idle connections after a burst without reconnecting on
 *   every request (pg's default is 10 s).
 * - statement_timeout 30 s: no control-plane query legitimately runs longer; a runaway one would
 *   hold a pooled connection and locks. (Tool statements run on the tenants' own connectors.)
 */
export function createDb(options: CreateDbOptions): DbClient {
  const adapter = new PrismaPg({
    connectionString: options.databaseUrl,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 30_000,
    application_name: options.applicationName ?? 'toolplane',
  });
  return new PrismaClient({ adapter });
}

function isRootClient(db: Db): db is PrismaClient {
  return typeof (db as PrismaClient).$transaction === 'function';
}

/**
 * Runs `fn` in a transaction. Given a transaction client already, `fn` joins that transaction,
 * so data functions compose: each opens its own transaction only when called on the root client.
 */
export async function withTransaction<T>(
  db: Db,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  options?: { isolationLevel?: Prisma.TransactionIsolationLevel; timeoutMs?: number },
): Promise<T> {
  if (!isRootClient(db)) return fn(db);
  return db.$transaction(fn, {
    isolationLevel: options?.isolationLevel,
    timeout: options?.timeoutMs ?? 10_000,
    maxWait: 5_000,
  });
}
