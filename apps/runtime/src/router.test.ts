import { describe, expect, it } from 'vitest';
import { createRouter } from './router';

const post = () => undefined;
const get = () => undefined;

describe('createRouter', () => {
  const route = createRouter([
    { path: '/healthz', methods: { GET: get } },
    { path: '/t/:slug/mcp', methods: { POST: post, GET: get } },
  ]);

  it('matches literal and captured segments, the same way on every request', () => {
    for (let i = 0; i < 3; i++) {
      const match = route('POST', '/t/acme-data/mcp');
      expect(match).toEqual({ kind: 'found', handler: post, params: { slug: 'acme-data' } });
    }
    expect(route('GET', '/healthz')).toMatchObject({ kind: 'found', handler: get });
    // HEAD falls back to GET.
    expect(route('HEAD', '/t/acme/mcp')).toMatchObject({ kind: 'found', handler: get });
  });

  it('decodes captures, and refuses what does not decode', () => {
    expect(route('POST', '/t/a%2Db/mcp')).toMatchObject({ params: { slug: 'a-b' } });
    expect(route('POST', '/t/%E0%A4%A/mcp')).toEqual({ kind: 'not_found' });
  });

  it('answers 405 data for a known path and nothing for an unknown one', () => {
    expect(route('DELETE', '/t/acme/mcp')).toEqual({
      kind: 'method_not_allowed',
      allow: 'POST, GET, HEAD',
    });
    expect(route('POST', '/t/acme')).toEqual({ kind: 'not_found' });
    expect(route('POST', '/t//mcp')).toEqual({ kind: 'not_found' });
  });

  it('keeps answering correctly past its memory of paths, and shares frozen params', () => {
    for (let i = 0; i < 2_500; i++) {
      expect(route('POST', `/t/ws-${i}/mcp`)).toMatchObject({ params: { slug: `ws-${i}` } });
    }
    const long = `/t/${'a'.repeat(300)}/mcp`;
    expect(route('POST', long)).toMatchObject({ params: { slug: 'a'.repeat(300) } });
    const match = route('POST', '/t/ws-7/mcp');
    expect(match.kind === 'found' && Object.isFrozen(match.params)).toBe(true);
  });
});
