import { randomBytes } from 'node:crypto';
import { parseMasterKey } from '@toolplane/crypto';
import { createDb, createKeyring, type DbClient } from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import type { ServiceDeps } from '../service-deps';

export interface ServiceFixture {
  database: TestDatabase;
  db: DbClient;
  deps: ServiceDeps;
  /** Disconnects and drops the database. */
  close(): Promise<void>;
}

/**
 * A migrated database of its own and the ServiceDeps a service function takes: fresh keys, a
 * runtime URL nothing listens on, private networks allowed, mail dropped unless `overrides`
 * gives a mailer.
 */
export async function createServiceFixture(
  overrides: Partial<Omit<ServiceDeps, 'db'>> = {},
): Promise<ServiceFixture> {
  const database = await createTestDatabase();
  const db = createDb({ databaseUrl: database.url, max: 2 });
  const deps: ServiceDeps = {
    db,
    keyring: createKeyring([parseMasterKey(randomBytes(32).toString('base64'))]),
    runtimeSigningKey: new Uint8Array(randomBytes(32)),
    runtimeUrl: 'http://127.0.0.1:1',
    networkPolicy: { allowPrivateNetworks: true, deny: [] },
    mailer: { send: async () => undefined },
    ...overrides,
  };
  return {
    database,
    db,
    deps,
    close: async () => {
      await db.$disconnect();
      await database.drop();
    },
  };
}
