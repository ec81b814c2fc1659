import { getUser } from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../service-deps';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { changePassword } from './change-password';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { signUp } from './sign-up';
import { verifyCredentials } from './verify-credentials';

let f: ServiceFixture;
const outbox: MailMessage[] = [];

beforeAll(async () => {
  f = await createServiceFixture({ mailer: { send: async (m) => void outbox.push(m) } });
});
afterAll(() => f?.close());

const PASSWORD = 'tide-orbit-lantern-9';

describe('accounts', () => {
  it('signs up with an argon2id hash and refuses a second account for the address', async () => {
    const { userId } = await signUp(f.deps, {
      name: 'Ada',
      email: 'Ada@Example.com',
      password: PASSWORD,
    });
    expect((await getUser(f.db, userId))?.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(
      signUp(f.deps, { name: 'Ada', email: 'ada@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
      fieldErrors: { email: expect.stringMatching(/already exists/) },
    });
  });

  it('verifies credentials, answers the same for unknown emails, and locks after 5 failures', async () => {
    expect(
      await verifyCredentials(f.deps, {
        email: 'ADA@example.com',
        password: PASSWORD,
        ip: '10.0.0.7',
      }),
    ).toMatchObject({ sessionVersion: 1 });
    const unknown = await verifyCredentials(f.deps, {
      email: 'nobody@example.com',
      password: 'x',
      ip: null,
    }).catch((e) => e);
    const wrong = await verifyCredentials(f.deps, {
      email: 'ada@example.com',
      password: 'wrong',
      ip: null,
    }).catch((e) => e);
    expect(unknown.message).toBe(wrong.message);
    for (let i = 0; i < 4; i++)
      await verifyCredentials(f.deps, {
        email: 'ada@example.com',
        password: 'wrong',
        ip: null,
      }).catch(() => {});
    await expect(
      verifyCredentials(f.deps, { email: 'ada@example.com', password: PASSWORD, ip: null }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('changing the password bumps the session version (ending other sessions)', async () => {
    const { userId } = await signUp(f.deps, {
      name: 'Bo',
      email: 'bo@example.com',
      password: PASSWORD,
    });
    const actor = { userId, requestId: 't' };
    await expect(
      changePassword(f.deps, actor, { currentPassword: 'nope', newPassword: 'another-long-one-7' }),
    ).rejects.toMatchObject({ fieldErrors: { currentPassword: expect.any(String) } });
    expect(
      await changePassword(f.deps, actor, {
        currentPassword: PASSWORD,
        newPassword: 'another-long-one-7',
      }),
    ).toEqual({ sessionVersion: 2 });
  });

  it('resets a password once through the emailed link', async () => {
    await requestPasswordReset(f.deps, {
      email: 'bo@example.com',
      resetUrl: (t) => `http://app/reset-password?token=${t}`,
    });
    await requestPasswordReset(f.deps, { email: 'ghost@example.com', resetUrl: (t) => t });
    expect(outbox).toHaveLength(1);
    const token = /token=(\S+)/.exec(outbox[0]!.text)![1]!;
    expect(await resetPassword(f.deps, { token, newPassword: 'fresh-password-42' })).toEqual({
      email: 'bo@example.com',
    });
    await expect(
      resetPassword(f.deps, { token, newPassword: 'fresh-password-42' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (
        await getUser(
          f.db,
          (
            await verifyCredentials(f.deps, {
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
