import { randomBytes } from 'node:crypto';
import { parseMasterKey } from '@toolplane/crypto';
import { createDb, createKeyring, createUser, type DbClient } from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDeps } from '../service-deps';
import { getProfile } from './get-profile';

let database: TestDatabase;
let db: DbClient;
let deps: ServiceDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ databaseUrl: database.url, max: 2 });
  deps = {
    db,
    keyring: createKeyring([parseMasterKey(randomBytes(32).toString('base64'))]),
    runtimeSigningKey: new Uint8Array(randomBytes(32)),
    runtimeUrl: 'http://127.0.0.1:1',
    networkPolicy: { allowPrivateNetworks: true, deny: [] },
    mailer: { send: async () => undefined },
  };
});
afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('getProfile', () => {
  it('returns only the actor’s own id, email and name', async () => {
    const ada = await createUser(db, { email: 'ada@profile.test', name: 'Ada' });
    await createUser(db, { email: 'bob@profile.test', name: 'Bob' });
    await db.user.update({ where: { id: ada.id }, data: { passwordHash: 'secret-hash' } });
    const profile = await getProfile(deps, { userId: ada.id, requestId: 'r' });
    expect(profile).toEqual({ id: ada.id, email: 'ada@profile.test', name: 'Ada' });
  });

  it('is NOT_FOUND for a user that no longer exists (or an injected id)', async () => {
    for (const userId of ['usr_gone', "usr_x' OR '1'='1"]) {
      await expect(getProfile(deps, { userId, requestId: 'r' })).rejects.toMatchObject({
        name: 'ServiceError',
        code: 'NOT_FOUND',
      });
    }
  });
});
