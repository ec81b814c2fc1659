import { readSessionClaims } from '@toolplane/auth';
import { bumpSessionVersion, getUser } from '@toolplane/db';
import { createServiceFixture, type ServiceFixture } from '@toolplane/services/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWebEnv } from '../../../env';
import {
  identityFromProfile,
  oauthButtons,
  oauthProviders,
  primaryVerifiedGitHubEmail,
} from './oauth-providers';
import { providerSignInClaims } from './provider-sign-in-claims';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const base = {
  DATABASE_URL: 'postgres://toolplane@127.0.0.1:5432/toolplane',
  TOOLPLANE_MASTER_KEY: key(1),
  AUTH_SECRET: 'a'.repeat(32),
  TOOLPLANE_RUNTIME_SIGNING_KEY: key(2),
};
const GITHUB = { AUTH_GITHUB_ID: 'gh-id', AUTH_GITHUB_SECRET: 'gh-secret' };
const GOOGLE = { AUTH_GOOGLE_ID: 'g-id', AUTH_GOOGLE_SECRET: 'g-secret' };
const OIDC = {
  AUTH_OIDC_ISSUER: 'https://login.example.com/realms/acme',
  AUTH_OIDC_ID: 'o-id',
  AUTH_OIDC_SECRET: 'o-secret',
};

const idsOf = (providers: ReturnType<typeof oauthProviders>) =>
  providers.map((p) => (typeof p === 'function' ? p() : p).id);

describe('provider list per environment', () => {
  it('shows no button and configures no provider when nothing is set', () => {
    const env = parseWebEnv(base);
    expect(oauthButtons(env)).toEqual([]);
    expect(oauthProviders(env)).toEqual([]);
  });

  it.each([
    [{ ...GITHUB }, [{ id: 'github', label: 'GitHub' }]],
    [{ ...GOOGLE }, [{ id: 'google', label: 'Google' }]],
    [{ ...OIDC }, [{ id: 'oidc', label: 'Single sign-on' }]],
    [{ ...OIDC, AUTH_OIDC_NAME: 'Acme SSO' }, [{ id: 'oidc', label: 'Acme SSO' }]],
    [
      { ...GITHUB, ...GOOGLE, ...OIDC },
      [
        { id: 'github', label: 'GitHub' },
        { id: 'google', label: 'Google' },
        { id: 'oidc', label: 'Single sign-on' },
      ],
    ],
  ])('%o → %o', (vars, buttons) => {
    const env = parseWebEnv({ ...base, ...vars });
    expect(oauthButtons(env)).toEqual(buttons);
    expect(idsOf(oauthProviders(env))).toEqual(buttons.map((b) => b.id));
  });

  it('passes the client ids, secrets and issuer to Auth.js, with the verified-email lookup for GitHub', () => {
    const providers = oauthProviders(parseWebEnv({ ...base, ...GITHUB, ...GOOGLE, ...OIDC }));
    const [github, google, oidc] = providers.map((p) =>
      typeof p === 'function' ? p() : p,
    ) as unknown as Record<string, unknown>[];
    expect(github).toMatchObject({ options: { clientId: 'gh-id', clientSecret: 'gh-secret' } });
    expect((github!.options as { userinfo: { request: unknown } }).userinfo.request).toBeTypeOf(
      'function',
    );
    expect(google).toMatchObject({ options: { clientId: 'g-id', clientSecret: 'g-secret' } });
    expect(oidc).toMatchObject({
      id: 'oidc',
      type: 'oidc',
      issuer: OIDC.AUTH_OIDC_ISSUER,
      clientId: 'o-id',
      clientSecret: 'o-secret',
    });
  });

  it('refuses half-configured providers and a plain-http issuer outside development', () => {
    const issues = (vars: Record<string, string>) => {
      try {
        parseWebEnv({ ...base, ...vars });
        return [];
      } catch (error) {
        return (error as { issues: string[] }).issues;
      }
    };
    expect(issues({ AUTH_GITHUB_ID: 'x' })).toEqual([
      'AUTH_GITHUB_SECRET: must be set together with AUTH_GITHUB_ID',
    ]);
    expect(issues({ AUTH_OIDC_ISSUER: OIDC.AUTH_OIDC_ISSUER, AUTH_OIDC_SECRET: 's' })).toEqual([
      'AUTH_OIDC_ID: must be set together with AUTH_OIDC_ISSUER, AUTH_OIDC_SECRET',
    ]);
    expect(issues({ AUTH_OIDC_NAME: 'Acme' })).toEqual([
      'AUTH_OIDC_NAME: needs AUTH_OIDC_ISSUER, AUTH_OIDC_ID and AUTH_OIDC_SECRET',
    ]);
    expect(issues({ ...OIDC, AUTH_OIDC_ISSUER: 'not a url' })).toEqual([
      'AUTH_OIDC_ISSUER: must be an http:// or https:// URL',
    ]);
    const httpIssuer = { ...OIDC, AUTH_OIDC_ISSUER: 'http://127.0.0.1:8080/realms/dev' };
    expect(issues({ ...httpIssuer, TOOLPLANE_MODE: 'development' })).toEqual([]);
    expect(issues({ ...httpIssuer })).toEqual([]); // development is the default mode
    expect(issues({ ...httpIssuer, TOOLPLANE_MODE: 'production' })).toEqual([
      'AUTH_OIDC_ISSUER: must be an https:// URL (http is allowed only when TOOLPLANE_MODE=development)',
    ]);
    expect(issues({ ...OIDC, TOOLPLANE_MODE: 'production' })).toEqual([]);
    expect(issues({ SMTP_URL: 'smtp://mail:587' })).toEqual([
      'SMTP_FROM: must be set together with SMTP_URL',
    ]);
    expect(issues({ SMTP_URL: 'http://mail', SMTP_FROM: 'a@b.c' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    ]);
  });
});

describe('identityFromProfile', () => {
  it('takes the verified primary GitHub email and nothing else', () => {
    expect(
      primaryVerifiedGitHubEmail([
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'octo@example.com', primary: true, verified: true },
      ]),
    ).toBe('octo@example.com');
    expect(
      primaryVerifiedGitHubEmail([
        { email: 'octo@example.com', primary: true, verified: false },
        { email: 'other@example.com', primary: false, verified: true },
      ]),
    ).toBeNull();
    expect(primaryVerifiedGitHubEmail({ message: 'Bad credentials' })).toBeNull();
  });

  it('maps GitHub, Google and OIDC profiles; only an explicit email_verified counts', () => {
    expect(
      identityFromProfile('github', '583231', {
        login: 'octocat',
        name: null,
        email: 'octo@example.com',
        email_verified: true,
        avatar_url: 'https://avatars.githubusercontent.com/u/583231',
      }),
    ).toEqual({
      provider: 'github',
      providerAccountId: '583231',
      email: 'octo@example.com',
      emailVerified: true,
      name: 'octocat',
      image: 'https://avatars.githubusercontent.com/u/583231',
    });
    expect(
      identityFromProfile('google', '1', { email: 'a@example.com', email_verified: false }),
    ).toMatchObject({ emailVerified: false });
    expect(identityFromProfile('oidc', 's', { email: 'a@example.com' })).toMatchObject({
      emailVerified: false,
    });
    expect(
      identityFromProfile('oidc', 's', {
        email: 'a@example.com',
        email_verified: 'true',
        preferred_username: 'ada',
      }),
    ).toMatchObject({ emailVerified: true, name: 'ada' });
  });
});

describe('providerSignInClaims (real database)', () => {
  let f: ServiceFixture;
  beforeAll(async () => {
    f = await createServiceFixture();
  });
  afterAll(() => f?.close());

  it('gives an OAuth user the uid/sv claims the session check reads, and a bump ends it', async () => {
    const profile = { email: 'Grace@Example.com', email_verified: true, name: 'Grace' };
    const claims = await providerSignInClaims(
      f.deps,
      { provider: 'google', providerAccountId: 'g-123' },
      profile,
    );
    const session = readSessionClaims({ ...claims });
    expect(session).toEqual({ uid: expect.stringMatching(/^usr_/), sv: 1 });
    const user = await getUser(f.db, session!.uid);
    expect(user).toMatchObject({
      email: 'grace@example.com',
      passwordHash: null,
      sessionVersion: 1,
    });
    await bumpSessionVersion(f.db, user!.id);
    expect((await getUser(f.db, user!.id))!.sessionVersion).not.toBe(session!.sv);
    expect(
      await providerSignInClaims(
        f.deps,
        { provider: 'google', providerAccountId: 'g-123' },
        profile,
      ),
    ).toMatchObject({ uid: user!.id, sv: 2 });
  });

  it('refuses an unverified address and creates no user', async () => {
    await expect(
      providerSignInClaims(
        f.deps,
        { provider: 'oidc', providerAccountId: 'x' },
        { email: 'eve@example.com', email_verified: false },
      ),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await f.db.user.count({ where: { email: 'eve@example.com' } })).toBe(0);
  });
});
