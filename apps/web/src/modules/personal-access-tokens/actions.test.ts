import { randomBytes } from 'node:crypto';
import { createDb, createUser, type DbClient, listPersonalAccessTokens } from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Only the session is faked (as in the registry test): actions, services and database are real.
let current: { userId: string; email: string; name: string | null; requestId: string } | null =
  null;
vi.mock('../auth/lib/get-current-user', () => ({ getCurrentUser: async () => current }));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

type Who = { userId: string; email: string; name: null; requestId: string };
let database: TestDatabase;
let db: DbClient;
const users = {} as Record<'ada' | 'bob', Who>;

beforeAll(async () => {
  database = await createTestDatabase();
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    TOOLPLANE_MASTER_KEY: randomBytes(32).toString('base64'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TOOLPLANE_RUNTIME_SIGNING_KEY: randomBytes(32).toString('base64'),
  });
  db = createDb({ databaseUrl: database.url, max: 2 });
  for (const who of ['ada', 'bob'] as const) {
    const email = `${who}-${randomBytes(3).toString('hex')}@example.com`;
    const user = await createUser(db, { email });
    users[who] = { userId: user.id, email, name: null, requestId: `test-${who}` };
  }
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe('personal access token actions', () => {
  it('creates a token shown once, stores only its prefix, and revokes it', async () => {
    const { createPersonalAccessTokenAction, revokePersonalAccessTokenAction } = await import(
      './actions'
    );
    current = users.ada;
    const state = await createPersonalAccessTokenAction(
      {},
      form({ name: 'CI on main', expiresInDays: '30' }),
    );
    expect(state.ok, JSON.stringify(state)).toBe(true);
    expect(state.data?.plaintext).toMatch(/^tpp_/);
    const [row] = await listPersonalAccessTokens(db, users.ada.userId);
    expect(row).toMatchObject({ name: 'CI on main', revokedAt: null });
    expect(state.data!.plaintext.startsWith(row!.prefix)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(state.data!.plaintext);
    const days = (row!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Another user cannot revoke it: it is not found for them, and stays active.
    current = users.bob;
    const foreign = await revokePersonalAccessTokenAction({}, form({ tokenId: row!.id }));
    expect(foreign.code).toBe('NOT_FOUND');
    expect((await listPersonalAccessTokens(db, users.ada.userId))[0]!.revokedAt).toBeNull();

    current = users.ada;
    expect((await revokePersonalAccessTokenAction({}, form({ tokenId: row!.id }))).ok).toBe(true);
    expect((await listPersonalAccessTokens(db, users.ada.userId))[0]!.revokedAt).not.toBeNull();
  });

  it('names the field for a nameless token or an unknown expiry, and refuses the signed-out', async () => {
    const { createPersonalAccessTokenAction } = await import('./actions');
    current = users.bob;
    const nameless = await createPersonalAccessTokenAction(
      {},
      form({ name: '  ', expiresInDays: 'never' }),
    );
    expect(nameless.code).toBe('INVALID');
    expect(Object.keys(nameless.fieldErrors ?? {})).toEqual(['name']);
    const badExpiry = await createPersonalAccessTokenAction(
      {},
      form({ name: 'x', expiresInDays: '9999' }),
    );
    expect(badExpiry.fieldErrors?.expiresInDays).toBeTruthy();
    expect(badExpiry.values?.name).toBe('x');
    expect(await listPersonalAccessTokens(db, users.bob.userId)).toEqual([]);

    current = null;
    expect((await createPersonalAccessTokenAction({}, form({ name: 'x' }))).code).toBe(
      'UNAUTHENTICATED',
    );
  });
});
