import type { ResolvedAddress, Resolver } from '@toolplane/net-policy';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FETCH_LIMITS, type FetchTransport, type TransportRequest } from './fetch-types';
import { type FetchEnvironment, performFetch } from './perform-fetch';

// Every test here uses an injected resolver and a fake transport: no lookup leaves the process
// and no socket is ever opened. A refusal must happen before the transport is called.

function resolverOf(answers: Record<string, string[][]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const served: Record<string, number> = {};
  const resolver = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const list = answers[hostname];
    if (!list) throw new Error('ENOTFOUND');
    const index = Math.min(served[hostname] ?? 0, list.length - 1);
    served[hostname] = (served[hostname] ?? 0) + 1;
    return list[index]!.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { calls });
}

type Reply = { status?: number; headers?: [string, string][]; body?: string };

function fakeTransport(replies: Reply[] = [{}]): FetchTransport & { requests: TransportRequest[] } {
  const requests: TransportRequest[] = [];
  const transport = vi.fn(async (request: TransportRequest) => {
    requests.push(request);
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)]!;
    return {
      status: reply.status ?? 200,
      statusText: 'OK',
      headers: reply.headers ?? [['content-type', 'text/plain']],
      body: new TextEncoder().encode(reply.body ?? 'hello'),
    };
  });
  return Object.assign(transport, { requests });
}

const PUBLIC = '93.184.215.14';
const resolver = resolverOf({
  'api.example.com': [[PUBLIC]],
  'mixed.example.com': [[PUBLIC, '127.0.0.1']],
  'rebind.example.com': [[PUBLIC], ['127.0.0.1']],
  'private.example.com': [['10.0.0.1']],
  'meta.example.com': [['169.254.169.254']],
  'other.example.com': [['93.184.215.15']],
});

function environment(overrides: Partial<FetchEnvironment> = {}): FetchEnvironment {
  return {
    allowList: [
      'api.example.com',
      'mixed.example.com',
      'rebind.example.com',
      'private.example.com',
      'meta.example.com',
      'other.example.com',
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '[::1]',
      '[fd00:ec2::254]',
    ],
    policy: { allowPrivateNetworks: false },
    resolver,
    transport: fakeTransport(),
    limits: DEFAULT_FETCH_LIMITS,
    signal: new AbortController().signal,
    deadline: Date.now() + 5000,
    ...overrides,
  };
}

const request = (url: string, extra: Record<string, unknown> = {}) => ({
  url,
  method: 'GET',
  headers: [] as [string, string][],
  body: null,
  redirect: 'follow',
  ...extra,
});

describe('performFetch: refusals happen before any connection', () => {
  it.each([
    [
      'http://127.0.0.1:4010/',
      'fetch to 127.0.0.1:4010 refused: 127.0.0.1 is a loopback address (refused unless private networks are allowed)',
    ],
    [
      'http://10.0.0.1/',
      'fetch to 10.0.0.1 refused: 10.0.0.1 is a private network address (refused unless private networks are allowed)',
    ],
    [
      'http://169.254.169.254/latest/meta-data/',
      'fetch to 169.254.169.254 refused: 169.254.169.254 is a cloud metadata address',
    ],
    [
      'http://[::1]/',
      'fetch to [::1] refused: ::1 is a loopback address (refused unless private networks are allowed)',
    ],
    [
      'http://[fd00:ec2::254]/',
      'fetch to [fd00:ec2::254] refused: fd00:ec2::254 is a cloud metadata address',
    ],
    [
      'https://mixed.example.com/',
      'fetch to mixed.example.com refused: mixed.example.com resolves to a loopback address (refused unless private networks are allowed)',
    ],
    [
      'https://private.example.com/',
      'fetch to private.example.com refused: private.example.com resolves to a private network address (refused unless private networks are allowed)',
    ],
    [
      'https://meta.example.com/',
      'fetch to meta.example.com refused: meta.example.com resolves to a cloud metadata address',
    ],
    [
      'https://not-listed.example.com/',
      "fetch to not-listed.example.com refused: the host is not on the workspace's egress allow-list",
    ],
    ['ftp://api.example.com/', 'fetch to ftp:// refused: only http and https are supported'],
    [
      'https://user:pw@api.example.com/',
      'fetch to https://api.example.com refused: credentials in the URL are not supported (use a header)',
    ],
  ])('%s', async (url, message) => {
    const transport = fakeTransport();
    const outcome = await performFetch(request(url), environment({ transport }));
    expect(outcome).toEqual({ ok: false, message });
    expect(transport).not.toHaveBeenCalled();
  });

  it('refuses metadata even when private networks are allowed', async () => {
    const transport = fakeTransport();
    const outcome = await performFetch(
      request('http://169.254.169.254/'),
      environment({ transport, policy: { allowPrivateNetworks: true } }),
    );
    expect(outcome).toMatchObject({ ok: false });
    expect(transport).not.toHaveBeenCalled();
  });

  it('resolves once and pins the address: a second DNS answer is never used', async () => {
    const transport = fakeTransport();
    const before = resolver.calls.filter((name) => name === 'rebind.example.com').length;
    const outcome = await performFetch(
      request('https://rebind.example.com/data'),
      environment({ transport }),
    );
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(resolver.calls.filter((name) => name === 'rebind.example.com').length - before).toBe(1);
    expect(transport.requests).toHaveLength(1);
    expect(transport.requests[0]).toMatchObject({ address: PUBLIC, family: 4 });
    expect(transport.requests[0]!.url.hostname).toBe('rebind.example.com');
  });

  it('checks every redirect: a redirect to a private address is refused', async () => {
    const transport = fakeTransport([
      { status: 302, headers: [['location', 'http://10.0.0.1/admin']] },
    ]);
    const outcome = await performFetch(
      request('https://api.example.com/'),
      environment({ transport }),
    );
    expect(outcome).toEqual({
      ok: false,
      message:
        'fetch to 10.0.0.1 refused: 10.0.0.1 is a private network address (refused unless private networks are allowed)',
    });
    expect(transport.requests).toHaveLength(1);
  });

  it('checks every redirect: the allow-list and name resolution too', async () => {
    const offList = fakeTransport([
      { status: 301, headers: [['location', 'https://elsewhere.net/']] },
    ]);
    expect(
      await performFetch(request('https://api.example.com/'), environment({ transport: offList })),
    ).toEqual({
      ok: false,
      message:
        "fetch to elsewhere.net refused: the host is not on the workspace's egress allow-list",
    });
    const toMeta = fakeTransport([
      { status: 307, headers: [['location', 'https://meta.example.com/']] },
    ]);
    expect(
      await performFetch(request('https://api.example.com/'), environment({ transport: toMeta })),
    ).toMatchObject({
      ok: false,
      message:
        'fetch to meta.example.com refused: meta.example.com resolves to a cloud metadata address',
    });
    expect(toMeta.requests).toHaveLength(1);
  });
});

describe('performFetch: requests and redirects', () => {
  it('follows redirects, switching to GET on 303 and dropping credentials across origins', async () => {
    const transport = fakeTransport([
      { status: 303, headers: [['location', '/next']] },
      { status: 302, headers: [['location', 'https://other.example.com/final']] },
      { status: 200, body: 'done' },
    ]);
    const outcome = await performFetch(
      request('https://api.example.com/start', {
        method: 'POST',
        headers: [
          ['authorization', 'Bearer t'],
          ['content-type', 'application/json'],
          ['x-keep', '1'],
        ],
        body: new TextEncoder().encode('{}').buffer,
      }),
      environment({ transport }),
    );
    expect(outcome).toMatchObject({
      ok: true,
      status: 200,
      url: 'https://other.example.com/final',
      redirected: true,
    });
    expect(transport.requests.map((r) => [r.method, r.url.href, r.body === null])).toEqual([
      ['POST', 'https://api.example.com/start', false],
      ['GET', 'https://api.example.com/next', true],
      ['GET', 'https://other.example.com/final', true],
    ]);
    expect(transport.requests[1]!.headers).toMatchObject({
      authorization: 'Bearer t',
      'x-keep': '1',
    });
    expect(transport.requests[1]!.headers['content-type']).toBeUndefined();
    expect(transport.requests[2]!.headers.authorization).toBeUndefined();
    expect(transport.requests[2]!.headers['x-keep']).toBe('1');
  });

  it('returns a redirect as is in manual mode, and fails in error mode', async () => {
    const redirect = () => fakeTransport([{ status: 302, headers: [['location', '/x']] }]);
    expect(
      await performFetch(
        request('https://api.example.com/', { redirect: 'manual' }),
        environment({ transport: redirect() }),
      ),
    ).toMatchObject({
      ok: true,
      status: 302,
      redirected: false,
    });
    expect(
      await performFetch(
        request('https://api.example.com/', { redirect: 'error' }),
        environment({ transport: redirect() }),
      ),
    ).toEqual({
      ok: false,
      message: 'fetch to https://api.example.com failed: redirect not allowed',
    });
  });

  it('caps redirects and request bodies', async () => {
    const loop = fakeTransport([{ status: 302, headers: [['location', '/again']] }]);
    expect(
      await performFetch(request('https://api.example.com/'), environment({ transport: loop })),
    ).toEqual({
      ok: false,
      message: 'fetch: more than 5 redirects',
    });
    expect(loop.requests).toHaveLength(6);
    const big = new Uint8Array(DEFAULT_FETCH_LIMITS.maxRequestBytes + 1).buffer;
    expect(
      await performFetch(
        request('https://api.example.com/', { method: 'POST', body: big }),
        environment(),
      ),
    ).toEqual({
      ok: false,
      message: `fetch: request body exceeds ${DEFAULT_FETCH_LIMITS.maxRequestBytes} bytes`,
    });
  });

  it('sets the headers the host owns and drops the ones a script may not set', async () => {
    const transport = fakeTransport();
    await performFetch(
      request('https://api.example.com/', {
        headers: [
          ['host', 'evil.com'],
          ['accept-encoding', 'gzip'],
          ['connection', 'upgrade'],
          ['x-ok', 'y'],
        ],
      }),
      environment({ transport }),
    );
    expect(transport.requests[0]!.headers).toEqual({
      'x-ok': 'y',
      'accept-encoding': 'identity',
      'user-agent': 'toolplane-script',
    });
  });

  it('rejects malformed requests from the isolate', async () => {
    for (const bad of [
      null,
      {},
      request('https://api.example.com/', { method: 'GE T' }),
      request('https://api.example.com/', { headers: [['a\nb', 'c']] }),
      request('https://api.example.com/', { body: 'text' }),
      request('https://api.example.com/', { redirect: 'sometimes' }),
    ]) {
      expect(await performFetch(bad, environment())).toMatchObject({ ok: false });
    }
  });

  it('describes transport failures without addresses or stacks', async () => {
    const failing: FetchTransport = async () => {
      throw Object.assign(new Error(`connect ECONNREFUSED ${PUBLIC}:443 at /work/secret/path.ts`), {
        code: 'ECONNREFUSED',
      });
    };
    expect(
      await performFetch(request('https://api.example.com/'), environment({ transport: failing })),
    ).toEqual({
      ok: false,
      message: 'fetch to https://api.example.com failed: connection refused',
    });
  });
});
