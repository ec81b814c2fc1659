import { describe, expect, it } from 'vitest';
import { readRequestHeaders } from './read-request-headers';
import { toolHeaderFields } from './tool-header-fields';

const policies = [
  { id: 'pol_key', plugin: 'api_key', params: { header: 'X-Partner-Key', value: true } },
  { id: 'pol_default', plugin: 'api_key', params: { value: true } },
  { id: 'pol_jwt', plugin: 'jwt', params: { jwks_url: 'https://a.example/jwks' } },
  { id: 'pol_scopes', plugin: 'token_scopes', params: { scopes: ['read'] } },
  { id: 'pol_js', plugin: 'script', params: {} },
];
const tool = (authPolicyId: string | null, authInline: unknown = null) => ({
  authPolicyId,
  authInline,
});

describe('toolHeaderFields', () => {
  it('names the header each header-reading policy reads, or its default', () => {
    expect(toolHeaderFields(tool('pol_key'), policies)).toEqual({
      named: ['X-Partner-Key'],
      freeForm: false,
    });
    expect(toolHeaderFields(tool('pol_default'), policies).named).toEqual(['X-API-Key']);
    expect(toolHeaderFields(tool('pol_jwt'), policies).named).toEqual(['X-Client-Authorization']);
    expect(
      toolHeaderFields(tool(null, { plugin: 'jwt', params: { header: 'X-Id-Token' } }), policies),
    ).toEqual({ named: ['X-Id-Token'], freeForm: false });
  });

  it('asks for nothing without a header-reading policy, and free-form lines for scripts', () => {
    expect(toolHeaderFields(tool(null), policies)).toEqual({ named: [], freeForm: false });
    expect(toolHeaderFields(tool('pol_scopes'), policies)).toEqual({ named: [], freeForm: false });
    expect(toolHeaderFields(tool('pol_gone'), policies)).toEqual({ named: [], freeForm: false });
    expect(toolHeaderFields(tool('pol_js'), policies)).toEqual({ named: [], freeForm: true });
  });
});

describe('readRequestHeaders', () => {
  it('combines labelled header inputs with free-form lines, skipping empty inputs', () => {
    const form = new FormData();
    form.set('header.X-Partner-Key', '  k-1 ');
    form.set('header.X-Client-Authorization', '');
    form.set('headers', 'X-Tenant: t1');
    expect(readRequestHeaders(form)).toEqual({
      ok: true,
      headers: { 'x-partner-key': 'k-1', 'x-tenant': 't1' },
    });
  });

  it('refuses malformed free-form lines with the line number', () => {
    const form = new FormData();
    form.set('headers', 'X-Ok: 1\nno colon');
    expect(readRequestHeaders(form)).toEqual({ ok: false, error: expect.stringMatching(/Line 2/) });
  });
});
