import { describe, expect, it } from 'vitest';
import { oauthAuthorizationOrigins } from '../modules/auth/lib/oauth-providers';
import { buildContentSecurityPolicy } from './content-security-policy';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values];
    }),
  );
}

describe('buildContentSecurityPolicy', () => {
  it('allows only nonce-carrying scripts in production', () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: 'abc123', development: false }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect([...policy.values()].flat().join(' ')).not.toMatch(/unsafe/);
  });

  it('adds what `next dev` needs only in development', () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: 'n', development: true }));
    expect(policy.get('script-src')).toContain("'unsafe-eval'");
    expect(policy.get('style-src')).toContain("'unsafe-inline'");
  });

  it('lets a sign-in form redirect on to each configured provider, and only those', () => {
    const env = {
      AUTH_GITHUB_ID: 'gh',
      AUTH_GITHUB_SECRET: 's',
      AUTH_GOOGLE_ID: undefined,
      AUTH_GOOGLE_SECRET: undefined,
      AUTH_OIDC_ISSUER: 'https://sso.example.com/realms/acme',
      AUTH_OIDC_ID: 'id',
      AUTH_OIDC_SECRET: 's',
      AUTH_OIDC_NAME: undefined,
    };
    const origins = oauthAuthorizationOrigins(env);
    expect(origins).toEqual(['https://github.com', 'https://sso.example.com']);
    const policy = directives(
      buildContentSecurityPolicy({ nonce: 'n', development: false, formActionOrigins: origins }),
    );
    expect(policy.get('form-action')).toEqual([
      "'self'",
      'https://github.com',
      'https://sso.example.com',
    ]);
    // Only the form-action list widens.
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(
      oauthAuthorizationOrigins({
        ...env,
        AUTH_GITHUB_SECRET: undefined,
        AUTH_OIDC_ISSUER: undefined,
        AUTH_GOOGLE_ID: 'g',
        AUTH_GOOGLE_SECRET: 's',
      }),
    ).toEqual(['https://accounts.google.com']);
  });

  it('never lets a value break out of the directive', () => {
    expect(() =>
      buildContentSecurityPolicy({
        nonce: 'n',
        development: false,
        formActionOrigins: ["https://a.example; script-src 'unsafe-inline'"],
      }),
    ).toThrow();
    expect(() =>
      buildContentSecurityPolicy({
        nonce: 'n',
        development: false,
        formActionOrigins: ['javascript:alert(1)'],
      }),
    ).toThrow(/not an http\(s\) origin/);
    const policy = buildContentSecurityPolicy({
      nonce: 'n',
      development: false,
      formActionOrigins: ['https://a.example/path?x=1', 'https://a.example'],
    });
    expect(directives(policy).get('form-action')).toEqual(["'self'", 'https://a.example']);
  });
});
