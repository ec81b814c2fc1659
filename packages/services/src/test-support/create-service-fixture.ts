import { randomBytes } from 'node:crypto';
import { parseMasterKey } from '@toolplane/crypto';
import { createDb, createKeyring, type DbClient } from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import type { ServiceDeps } from '../service-deps';

export type ServiceDepsOverrides = Partial<Omit<ServiceDeps, 'db'>>;

export interface ServiceFixture {
  database: TestDatabase;
  db: DbClient;
  deps: ServiceDeps;
  /** Disconnects and drops the database. */
  close(): Promise<void>;
}

/**
 * The ServiceDeps a service function takes, around `db`: fresh keys, a runtime URL nothing
 * listens on, private networks allowed, mail dropped unless `overrides` gives a mailer.
 */
export function createTestServiceDeps(
  db: DbClient,
  overrides: ServiceDepsOverrides = {},
): ServiceDeps {
  return {
    db,
    keyring: createKeyring([parseMasterKey(randomBytes(32).toString('base64'))]),
    runtimeSigningKey: new Uint8Array(randomBytes(32)),
    runtimeUrl: 'http://127.0.0.1:1',
    networkPolicy: { allowPrivateNetworks: true, deny: [] },
    mailer: { send: async () => undefined },
    ...overrides,
  };
}

/**
 * A migrated database of its own and createTestServiceDeps over it. `connections` is the pool
 * size: 2 serves a suite that calls one thing at a time; an HTTP suite wants a few more.
 */
export async function createServiceFixture(
  overrides: ServiceDepsOverrides = {},
  { connections = 2 }: { connections?: number } = {},
): Promise<ServiceFixture> {
  const database = await createTestDatabase();
  const db = createDb({ databaseUrl: database.url, max: connections });
  return {
    database,
    db,
    deps: createTestServiceDeps(db, overrides),
    close: async () => {
      await db.$disconnect();
      await database.drop();
    },
  };
}
