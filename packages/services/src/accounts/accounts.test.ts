import { randomBytes } from 'node:crypto';
import { parseMasterKey } from '@toolplane/crypto';
import { createDb, createKeyring, type DbClient, getUser } from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, ServiceDeps } from '../service-deps';
import { changePassword } from './change-password';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { signUp } from './sign-up';
import { verifyCredentials } from './verify-credentials';

let database: TestDatabase;
let db: DbClient;
let deps: ServiceDeps;
const outbox: MailMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ databaseUrl: database.url, max: 2 });
  deps = {
    db,
    keyring: createKeyring([parseMasterKey(randomBytes(32).toString('base64'))]),
    runtimeSigningKey: new Uint8Array(randomBytes(32)),
    runtimeUrl: 'http://127.0.0.1:1',
    networkPolicy: { allowPrivateNetworks: true, deny: [] },
    mailer: { send: async (m) => void outbox.push(m) },
  };
});
afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const PASSWORD = 'tide-orbit-lantern-9';

describe('accounts', () => {
  it('signs up with an argon2id hash and refuses a second account for the address', async () => {
    const { userId } = await signUp(deps, {
      name: 'Ada',
      email: 'Ada@Example.com',
      password: PASSWORD,
    });
    expect((await getUser(db, userId))?.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(
      signUp(deps, { name: 'Ada', email: 'ada@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
      fieldErrors: { email: expect.stringMatching(/already exists/) },
    });
  });

  it('verifies credentials, answers the same for unknown emails, and locks after 5 failures', async () => {
    expect(
      await verifyCredentials(deps, {
        email: 'ADA@example.com',
        password: PASSWORD,
        ip: '10.0.0.7',
      }),
    ).toMatchObject({ sessionVersion: 1 });
    const unknown = await verifyCredentials(deps, {
      email: 'nobody@example.com',
      password: 'x',
      ip: null,
    }).catch((e) => e);
    const wrong = await verifyCredentials(deps, {
      email: 'ada@example.com',
      password: 'wrong',
      ip: null,
    }).catch((e) => e);
    expect(unknown.message).toBe(wrong.message);
    for (let i = 0; i < 4; i++)
      await verifyCredentials(deps, {
        email: 'ada@example.com',
        password: 'wrong',
        ip: null,
      }).catch(() => {});
    await expect(
      verifyCredentials(deps, { email: 'ada@example.com', password: PASSWORD, ip: null }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('changing the password bumps the session version (ending other sessions)', async () => {
    const { userId } = await signUp(deps, {
      name: 'Bo',
      email: 'bo@example.com',
      password: PASSWORD,
    });
    const actor = { userId, requestId: 't' };
    await expect(
      changePassword(deps, actor, { currentPassword: 'nope', newPassword: 'another-long-one-7' }),
    ).rejects.toMatchObject({ fieldErrors: { currentPassword: expect.any(String) } });
    expect(
      await changePassword(deps, actor, {
        currentPassword: PASSWORD,
        newPassword: 'another-long-one-7',
      }),
    ).toEqual({ sessionVersion: 2 });
  });

  it('resets a password once through the emailed link', async () => {
    await requestPasswordReset(deps, {
      email: 'bo@example.com',
      resetUrl: (t) => `http://app/reset-password?token=${t}`,
    });
    await requestPasswordReset(deps, { email: 'ghost@example.com', resetUrl: (t) => t });
    expect(outbox).toHaveLength(1);
    const token = /token=(\S+)/.exec(outbox[0]!.text)![1]!;
    expect(await resetPassword(deps, { token, newPassword: 'fresh-password-42' })).toEqual({
      email: 'bo@example.com',
    });
    await expect(
      resetPassword(deps, { token, newPassword: 'fresh-password-42' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (
        await getUser(
          db,
          (
            await verifyCredentials(deps, {
              email: 'bo@example.com',
              password: 'fresh-password-42',
              ip: null,
            })
          ).userId,
        )
      )?.sessionVersion,
    ).toBe(3);
  });
});
