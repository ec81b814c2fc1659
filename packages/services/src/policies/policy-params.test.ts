import { compileTool } from '@toolplane/pipeline/compile';
import { describe, expect, it } from 'vitest';
import { checkPolicyParams } from './policy-params';

const tool = (plugin: string, policy: Record<string, unknown>) => ({
  kind: 'script',
  name: 'probe',
  handler: 'tools/probe/handler',
  auth: { plugin, policy },
});

describe('checkPolicyParams', () => {
  it('stores what the pipeline compiles: a policy accepted here is accepted by compile', () => {
    const cases = [
      ['api_key', { value: '{{ env.KEY }}', header: 'X-Partner-Key' }],
      ['jwt', { jwks_url: 'https://issuer.example/jwks.json', audience: ['a', 'b'] }],
      ['jwt', { secret: 's', clock_tolerance: 30, algorithms: ['HS512'] }],
      ['token_scopes', { scopes: 'read, write' }],
      ['allow_all', {}],
    ] as const;
    for (const [plugin, params] of cases) {
      const checked = checkPolicyParams(plugin, { ...params });
      expect(checked.ok, plugin).toBe(true);
      if (!checked.ok) continue;
      const compiled = compileTool(tool(plugin, checked.params), { knownSecrets: ['KEY'] });
      expect(compiled.diagnostics, plugin).toEqual([]);
    }
    expect(checkPolicyParams('token_scopes', { scopes: 'read, write' })).toEqual({
      ok: true,
      params: { scopes: ['read', 'write'] },
    });
  });

  it('names the field of every problem, as a sentence', () => {
    expect(checkPolicyParams('api_key', { header: 'X Bad Header' })).toEqual({
      ok: false,
      fieldErrors: {
        'params.value': expect.stringMatching(/^[A-Z].*\.$/),
        'params.header': 'Must be an HTTP header name, e.g. X-API-Key.',
      },
    });
    expect(checkPolicyParams('jwt', { secret: 's', jwks_url: 'https://a.example/j' })).toEqual({
      ok: false,
      fieldErrors: { 'params.secret': expect.stringContaining('exactly one') },
    });
    expect(checkPolicyParams('jwt', { jwks_url: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      fieldErrors: { 'params.jwks_url': 'Must be an http(s) URL.' },
    });
    expect(checkPolicyParams('token_scopes', { scopes: ' , ' })).toMatchObject({
      ok: false,
      fieldErrors: { 'params.scopes': 'Name at least one scope.' },
    });
  });

  it('refuses parameters a plugin does not read, and any for a stored script policy', () => {
    expect(checkPolicyParams('allow_all', { value: 'x' })).toMatchObject({ ok: false });
    expect(checkPolicyParams('script', { script: 'auth_policies/other' })).toMatchObject({
      ok: false,
    });
    expect(checkPolicyParams('script', {})).toEqual({ ok: true, params: {} });
  });
});
