import { randomBytes } from 'node:crypto';
import { type MasterKey, parseMasterKey } from '@toolplane/crypto';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import pg from 'pg';
import { createDb, type DbClient } from '../client';
import type { User } from '../generated/prisma/client';
import { createKeyring, type Keyring } from '../keys/keyring';
import { createUser } from '../users/create-user';
import { createWorkspace } from '../workspaces/create-workspace';
import type { Workspace } from '../workspaces/workspace-settings';

export interface DbFixture {
  database: TestDatabase;
  db: DbClient;
  master: MasterKey;
  keyring: Keyring;
  owner: User;
  /** Two tenants with the same owner: tests prove A's id never reaches B's rows. */
  a: Workspace;
  b: Workspace;
  /** Raw SQL on the same database, bypassing the data layer (to inspect rows). */
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export function newMasterKey(): MasterKey {
  return parseMasterKey(randomBytes(32).toString('base64'));
}

/** A migrated database of its own, a keyring, an owner and two workspaces. */
export async function createDbFixture(): Promise<DbFixture> {
  const database = await createTestDatabase();
  const db = createDb({ databaseUrl: database.url, max: 4 });
  const master = newMasterKey();
  const keyring = createKeyring([master]);
  const owner = await createUser(db, {
    email: `owner-${randomBytes(4).toString('hex')}@example.com`,
  });
  const a = await createWorkspace(db, keyring, {
    slug: 'acme',
    name: 'Acme',
    ownerUserId: owner.id,
  });
  const b = await createWorkspace(db, keyring, {
    slug: 'globex',
    name: 'Globex',
    ownerUserId: owner.id,
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  return {
    database,
    db,
    master,
    keyring,
    owner,
    a,
    b,
    sql: async (text, values) => (await pool.query(text, values)).rows,
    close: async () => {
      await pool.end();
      await db.$disconnect();
      await database.drop();
    },
  };
}

/** Runs `promise` and returns the error it rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected the promise to reject, but it resolved');
}
