import { createUser } from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { getProfile } from './get-profile';

let f: ServiceFixture;

beforeAll(async () => {
  f = await createServiceFixture();
});
afterAll(() => f?.close());

describe('getProfile', () => {
  it('returns only the actor’s own id, email and name', async () => {
    const ada = await createUser(f.db, { email: 'ada@profile.test', name: 'Ada' });
    await createUser(f.db, { email: 'bob@profile.test', name: 'Bob' });
    await f.db.user.update({ where: { id: ada.id }, data: { passwordHash: 'secret-hash' } });
    const profile = await getProfile(f.deps, { userId: ada.id, requestId: 'r' });
    expect(profile).toEqual({ id: ada.id, email: 'ada@profile.test', name: 'Ada' });
  });

  it('is NOT_FOUND for a user that no longer exists (or an injected id)', async () => {
    for (const userId of ['usr_gone', "usr_x' OR '1'='1"]) {
      await expect(getProfile(f.deps, { userId, requestId: 'r' })).rejects.toMatchObject({
        name: 'ServiceError',
        code: 'NOT_FOUND',
      });
    }
  });
});
