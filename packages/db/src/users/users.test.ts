import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { bumpSessionVersion } from './bump-session-version';
import { createUser } from './create-user';
import { findUserByEmail } from './find-user-by-email';
import { getUser } from './get-user';

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
});
afterAll(() => f.close());

describe('users', () => {
  it('creates with a normalized email and finds it case-insensitively', async () => {
    const user = await createUser(f.db, {
      email: '  Carol@Example.COM ',
      name: 'Carol',
      passwordHash: 'h',
    });
    expect(user).toMatchObject({ email: 'carol@example.com', sessionVersion: 1, version: 1 });
    expect(user.id).toMatch(/^usr_/);
    expect((await findUserByEmail(f.db, 'CAROL@example.com'))?.id).toBe(user.id);
    expect(await findUserByEmail(f.db, 'nobody@example.com')).toBeNull();
    expect((await getUser(f.db, user.id))?.email).toBe('carol@example.com');
    expect(await rejection(createUser(f.db, { email: 'carol@EXAMPLE.com' }))).toMatchObject({
      code: 'ALREADY_EXISTS',
      fields: ['email'],
    });
    expect(await rejection(createUser(f.db, { email: 'not-an-email' }))).toMatchObject({
      code: 'INVALID',
      fields: ['email'],
    });
  });

  it('bumps the session version to revoke sessions', async () => {
    expect(await bumpSessionVersion(f.db, f.owner.id)).toBe(2);
    expect(await bumpSessionVersion(f.db, f.owner.id)).toBe(3);
    expect(await rejection(bumpSessionVersion(f.db, 'usr_missing'))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
