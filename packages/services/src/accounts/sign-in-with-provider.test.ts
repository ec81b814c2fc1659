import { bumpSessionVersion, getUser } from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { signInWithProvider } from './sign-in-with-provider';
import { signUp } from './sign-up';
import { verifyCredentials } from './verify-credentials';

let f: ServiceFixture;

beforeAll(async () => {
  f = await createServiceFixture();
});
afterAll(() => f?.close());

const github = (over: Partial<Parameters<typeof signInWithProvider>[1]> = {}) => ({
  provider: 'github',
  providerAccountId: '583231',
  email: 'Octo@Example.com',
  emailVerified: true,
  name: 'The Octocat',
  image: 'https://avatars.githubusercontent.com/u/583231',
  ...over,
});

describe('signInWithProvider', () => {
  it('creates a password-less user on first sign-in and finds the same one afterwards', async () => {
    const first = await signInWithProvider(f.deps, github());
    expect(first).toMatchObject({
      userId: expect.stringMatching(/^usr_/),
      sessionVersion: 1,
      email: 'octo@example.com',
      name: 'The Octocat',
    });
    const user = await getUser(f.db, first.userId);
    expect(user).toMatchObject({ passwordHash: null, emailVerified: expect.any(Date) });
    expect(user?.image).toBe('https://avatars.githubusercontent.com/u/583231');
    // Same provider account, even after the address changed at the provider.
    expect(await signInWithProvider(f.deps, github({ email: 'new@example.com' }))).toEqual(first);
    // Another provider with the same verified address: the same user.
    expect(
      (
        await signInWithProvider(f.deps, {
          provider: 'google',
          providerAccountId: '1098',
          email: 'octo@example.com',
          emailVerified: true,
        })
      ).userId,
    ).toBe(first.userId);
  });

  it('signs an existing password account in by its verified email and keeps its password', async () => {
    const PASSWORD = 'tide-orbit-lantern-9';
    const { userId } = await signUp(f.deps, {
      name: 'Ada',
      email: 'ada@example.com',
      password: PASSWORD,
    });
    const claims = await signInWithProvider(f.deps, {
      provider: 'oidc',
      providerAccountId: 'sub-ada',
      email: 'ADA@example.com',
      emailVerified: true,
      image: 'javascript:alert(1)',
    });
    expect(claims).toEqual({ userId, sessionVersion: 1, email: 'ada@example.com', name: 'Ada' });
    expect((await getUser(f.db, userId))?.image).toBeNull();
    expect(
      (await verifyCredentials(f.deps, { email: 'ada@example.com', password: PASSWORD, ip: null }))
        .userId,
    ).toBe(userId);
  });

  it('carries the current session version, so sign-out-everywhere ends OAuth sessions too', async () => {
    const { userId } = await signInWithProvider(
      f.deps,
      github({ providerAccountId: '9', email: 'sv@example.com' }),
    );
    await bumpSessionVersion(f.db, userId);
    expect(
      await signInWithProvider(f.deps, github({ providerAccountId: '9', email: 'sv@example.com' })),
    ).toMatchObject({ userId, sessionVersion: 2 });
  });

  it('refuses an address the provider has not verified, creating nothing', async () => {
    for (const identity of [
      github({ providerAccountId: '77', email: 'unverified@example.com', emailVerified: false }),
      github({ providerAccountId: '78', email: null }),
    ]) {
      await expect(signInWithProvider(f.deps, identity)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: expect.stringMatching(/verified email/),
      });
    }
    expect(await f.db.user.count({ where: { email: 'unverified@example.com' } })).toBe(0);
    // ... and an unverified address never reaches the existing account that uses it.
    await expect(
      signInWithProvider(f.deps, {
        provider: 'oidc',
        providerAccountId: 'attacker',
        email: 'ada@example.com',
        emailVerified: false,
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await f.db.account.count({ where: { providerAccountId: 'attacker' } })).toBe(0);
  });

  it('two simultaneous first sign-ins end with one user', async () => {
    const identity = github({ providerAccountId: '4242', email: 'race@example.com' });
    const [a, b] = await Promise.all([
      signInWithProvider(f.deps, identity),
      signInWithProvider(f.deps, identity),
    ]);
    expect(a.userId).toBe(b.userId);
    expect(await f.db.user.count({ where: { email: 'race@example.com' } })).toBe(1);
  });
});
