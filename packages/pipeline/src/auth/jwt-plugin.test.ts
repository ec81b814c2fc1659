import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeToolCall } from '../pipeline/execute-tool-call';
import type { ClockPort, JwksPort } from '../ports/pipeline-ports';
import { createMemoryPorts } from '../testing/create-memory-ports';
import { compileTestTool, createTestRequest } from '../testing/test-tools';
import { createJwksCache } from './create-jwks-cache';

const NOW_S = 1_800_000_000;
const clock = (): ClockPort & { advance(ms: number): void } => {
  let ms = 0;
  return { now: () => ms, epochMs: () => NOW_S * 1000 + ms, advance: (d) => (ms += d) };
};
const SECRET = 'a-32-byte-hmac-secret-for-tests!';
const encoder = new TextEncoder();

async function hs256(claims: Record<string, unknown>, secret = SECRET, header: object = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', ...header })
    .sign(encoder.encode(secret));
}

const base = { sub: 'user-1', iss: 'https://issuer.example', aud: 'toolplane', exp: NOW_S + 600 };

function guarded(policy: Record<string, unknown>) {
  return compileTestTool({
    kind: 'statement',
    name: 'guarded',
    connector: 'pg',
    statement: 'SELECT 1',
    auth: { plugin: 'jwt', policy },
  });
}

async function attempt(
  policy: Record<string, unknown>,
  headers: Record<string, string>,
  options: { clock?: ClockPort; jwks?: JwksPort } = {},
) {
  const ports = createMemoryPorts({
    tools: { ws_test: [guarded(policy)] },
    secrets: { ws_test: { JWT_SECRET: SECRET } },
    clock: options.clock ?? clock(),
    ...(options.jwks === undefined ? {} : { jwks: options.jwks }),
  });
  return executeToolCall(
    createTestRequest(
      'guarded',
      {},
      { caller: { headers, token: { id: 't', tools: 'all', scopes: [] } } },
    ),
    ports,
  );
}

const hsPolicy = {
  secret: '{{ env.JWT_SECRET }}',
  issuer: 'https://issuer.example',
  audience: 'toolplane',
  clock_tolerance: 5,
};

describe('jwt plugin with an HS256 secret', () => {
  const cases: [
    string,
    () => Promise<Record<string, string>>,
    Record<string, unknown>,
    string | undefined,
  ][] = [
    [
      'a valid token',
      async () => ({ 'x-client-authorization': await hs256(base) }),
      hsPolicy,
      undefined,
    ],
    [
      'a Bearer prefix',
      async () => ({ 'x-client-authorization': `Bearer ${await hs256(base)}` }),
      hsPolicy,
      undefined,
    ],
    [
      'a custom header',
      async () => ({ 'x-user-jwt': await hs256(base) }),
      { ...hsPolicy, header: 'X-User-JWT' },
      undefined,
    ],
    ['no header', async () => ({}), hsPolicy, 'missing x-client-authorization header'],
    [
      'the token in Authorization (which carries the Toolplane token)',
      async () => ({ authorization: `Bearer ${await hs256(base)}` }),
      hsPolicy,
      'missing x-client-authorization header',
    ],
    [
      'an expired token',
      async () => ({ 'x-client-authorization': await hs256({ ...base, exp: NOW_S - 60 }) }),
      hsPolicy,
      'the token has expired',
    ],
    [
      'an expiry within the clock tolerance',
      async () => ({ 'x-client-authorization': await hs256({ ...base, exp: NOW_S - 3 }) }),
      hsPolicy,
      undefined,
    ],
    [
      'a token without exp',
      async () => {
        const { exp: _exp, ...rest } = base;
        return { 'x-client-authorization': await hs256(rest) };
      },
      hsPolicy,
      'the token missing required "exp" claim',
    ],
    [
      'a token not yet valid',
      async () => ({ 'x-client-authorization': await hs256({ ...base, nbf: NOW_S + 600 }) }),
      hsPolicy,
      'the token "nbf" claim timestamp check failed',
    ],
    [
      'a wrong secret',
      async () => ({
        'x-client-authorization': await hs256(base, 'another-secret-of-32-bytes-long!'),
      }),
      hsPolicy,
      'the token signature is invalid',
    ],
    [
      'a wrong issuer',
      async () => ({
        'x-client-authorization': await hs256({ ...base, iss: 'https://evil.example' }),
      }),
      hsPolicy,
      'the token unexpected "iss" claim value',
    ],
    [
      'a wrong audience',
      async () => ({ 'x-client-authorization': await hs256({ ...base, aud: 'someone-else' }) }),
      hsPolicy,
      'the token unexpected "aud" claim value',
    ],
    [
      'a missing required claim',
      async () => ({ 'x-client-authorization': await hs256(base) }),
      { ...hsPolicy, required_claims: 'tenant' },
      'the token missing required "tenant" claim',
    ],
    [
      'garbage',
      async () => ({ 'x-client-authorization': 'not.a.jwt' }),
      hsPolicy,
      'the token is malformed',
    ],
    [
      'an unsigned (alg none) token',
      async () => {
        const header = Buffer.from('{"alg":"none"}').toString('base64url');
        const body = Buffer.from(JSON.stringify(base)).toString('base64url');
        return { 'x-client-authorization': `${header}.${body}.` };
      },
      hsPolicy,
      'the token algorithm is not allowed',
    ],
    [
      'an HS512 token when only HS256 is allowed',
      async () => ({
        'x-client-authorization': await new SignJWT(base)
          .setProtectedHeader({ alg: 'HS512' })
          .sign(encoder.encode(SECRET)),
      }),
      hsPolicy,
      'the token algorithm is not allowed',
    ],
  ];
  it.each(cases)('%s', async (_label, headers, policy, reason) => {
    const outcome = await attempt(policy, await headers());
    if (reason === undefined) expect(outcome.ok, JSON.stringify(outcome.error)).toBe(true);
    else
      expect(outcome.error).toEqual({
        code: 'AUTH_DENIED',
        stage: 'auth',
        message: `authentication failed: ${reason}`,
      });
  });

  it('never puts the token or the secret in the error', async () => {
    const token = await hs256(base, 'another-secret-of-32-bytes-long!');
    const outcome = await attempt(hsPolicy, { 'x-client-authorization': token });
    const text = JSON.stringify(outcome.response);
    expect(text).not.toContain(token.slice(0, 20));
    expect(text).not.toContain(SECRET);
  });
});

describe('jwt plugin with a JWKS (served through a fake port, no network)', () => {
  const URL = 'https://issuer.example/.well-known/jwks.json';
  let keyA: { privateKey: CryptoKey; jwk: JWK };
  let keyB: { privateKey: CryptoKey; jwk: JWK };
  const policy = { jwks_url: URL, issuer: 'https://issuer.example', audience: 'toolplane' };

  beforeAll(async () => {
    for (const [kid, assign] of [
      ['key-a', (k: typeof keyA) => (keyA = k)],
      ['key-b', (k: typeof keyA) => (keyB = k)],
    ] as const) {
      const pair = await generateKeyPair('ES256');
      const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' };
      assign({ privateKey: pair.privateKey, jwk });
    }
  });

  const sign = (key: typeof keyA, claims = base) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: key.jwk.kid! })
      .sign(key.privateKey);

  function jwksServer(initial: JWK[]) {
    const server = { keys: initial, fetches: 0, fail: false };
    const fetchJwks = async (url: string) => {
      server.fetches++;
      expect(url).toBe(URL);
      if (server.fail) throw new Error('connect ECONNREFUSED 10.0.0.1:443');
      return { keys: server.keys };
    };
    return { server, fetchJwks };
  }

  it('verifies a token and fetches the JWKS once for many calls', async () => {
    const c = clock();
    const { server, fetchJwks } = jwksServer([keyA.jwk]);
    const jwks = createJwksCache({ fetchJwks, clock: c });
    for (let i = 0; i < 3; i++) {
      const outcome = await attempt(
        policy,
        { 'x-client-authorization': await sign(keyA) },
        { clock: c, jwks },
      );
      expect(outcome.ok, JSON.stringify(outcome.error)).toBe(true);
    }
    expect(server.fetches).toBe(1);
  });

  it('refetches after the TTL', async () => {
    const c = clock();
    const { server, fetchJwks } = jwksServer([keyA.jwk]);
    const jwks = createJwksCache({ fetchJwks, clock: c, ttlMs: 60_000 });
    await attempt(policy, { 'x-client-authorization': await sign(keyA) }, { clock: c, jwks });
    c.advance(61_000);
    await attempt(policy, { 'x-client-authorization': await sign(keyA) }, { clock: c, jwks });
    expect(server.fetches).toBe(2);
  });

  it('follows a key rotation, at most once per cooldown', async () => {
    const c = clock();
    const { server, fetchJwks } = jwksServer([keyA.jwk]);
    const jwks = createJwksCache({ fetchJwks, clock: c, cooldownMs: 30_000 });
    await attempt(policy, { 'x-client-authorization': await sign(keyA) }, { clock: c, jwks });
    server.keys = [keyA.jwk, keyB.jwk];
    const early = await attempt(
      policy,
      { 'x-client-authorization': await sign(keyB) },
      { clock: c, jwks },
    );
    expect(early.error?.message).toBe(
      'authentication failed: no key in the JWKS matches the token',
    );
    expect(server.fetches).toBe(1);
    c.advance(31_000);
    const later = await attempt(
      policy,
      { 'x-client-authorization': await sign(keyB) },
      { clock: c, jwks },
    );
    expect(later.ok, JSON.stringify(later.error)).toBe(true);
    expect(server.fetches).toBe(2);
  });

  it('rejects a token signed by a key outside the JWKS', async () => {
    const c = clock();
    const { fetchJwks } = jwksServer([keyA.jwk]);
    const jwks = createJwksCache({ fetchJwks, clock: c });
    const forged = await new SignJWT(base)
      .setProtectedHeader({ alg: 'ES256', kid: 'key-a' })
      .sign(keyB.privateKey);
    const outcome = await attempt(policy, { 'x-client-authorization': forged }, { clock: c, jwks });
    expect(outcome.error?.message).toBe('authentication failed: the token signature is invalid');
  });

  it('refuses an HS256 token made with the public key (algorithm confusion)', async () => {
    const c = clock();
    const { fetchJwks } = jwksServer([keyA.jwk]);
    const jwks = createJwksCache({ fetchJwks, clock: c });
    const confused = await new SignJWT(base)
      .setProtectedHeader({ alg: 'HS256', kid: 'key-a' })
      .sign(encoder.encode(JSON.stringify(keyA.jwk)));
    const outcome = await attempt(
      policy,
      { 'x-client-authorization': confused },
      { clock: c, jwks },
    );
    expect(outcome.error?.message).toBe(
      'authentication failed: the token algorithm is not allowed',
    );
  });

  it('says the JWKS is unavailable when it cannot be fetched, and serves a stale copy when it can', async () => {
    const c = clock();
    const { server, fetchJwks } = jwksServer([keyA.jwk]);
    server.fail = true;
    const jwks = createJwksCache({ fetchJwks, clock: c, ttlMs: 1000 });
    const down = await attempt(
      policy,
      { 'x-client-authorization': await sign(keyA) },
      { clock: c, jwks },
    );
    expect(down.error).toEqual({
      code: 'AUTH_UNAVAILABLE',
      stage: 'auth',
      message: `the JWKS at ${URL} could not be retrieved`,
    });
    server.fail = false;
    expect(
      (await attempt(policy, { 'x-client-authorization': await sign(keyA) }, { clock: c, jwks }))
        .ok,
    ).toBe(true);
    server.fail = true;
    c.advance(5000);
    expect(
      (await attempt(policy, { 'x-client-authorization': await sign(keyA) }, { clock: c, jwks }))
        .ok,
    ).toBe(true);
  });

  it('shares one fetch among concurrent calls', async () => {
    const c = clock();
    const { server, fetchJwks } = jwksServer([keyA.jwk]);
    const jwks = createJwksCache({ fetchJwks, clock: c });
    const token = await sign(keyA);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        attempt(policy, { 'x-client-authorization': token }, { clock: c, jwks }),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(server.fetches).toBe(1);
  });

  it('refuses a document that is not a JWKS', async () => {
    const jwks = createJwksCache({ fetchJwks: async () => ({ hello: 'world' }), clock: clock() });
    await expect(jwks.getKeySet(URL)).rejects.toThrow('not a JWKS document');
  });

  it('needs a JWKS port', async () => {
    const outcome = await attempt(policy, { 'x-client-authorization': await sign(keyA) });
    expect(outcome.error?.code).toBe('AUTH_UNAVAILABLE');
  });
});
