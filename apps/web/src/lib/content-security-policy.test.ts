import { describe, expect, it } from 'vitest';
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
});
