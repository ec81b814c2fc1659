import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedAddress } from '@toolplane/net-policy';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../create-sandbox';
import type { Sandbox } from '../sandbox-types';
import type { FetchTransport, TransportRequest } from './fetch-types';

// A loopback test server is the only thing these tests talk to. Refusals use an injected
// resolver and a transport that fails the test if it is ever called.

let server: Server;
let origin: string;
let local: Sandbox;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      switch (url.pathname) {
        case '/json':
          res.writeHead(200, { 'content-type': 'application/json', 'x-test': 'yes' });
          res.end(JSON.stringify({ hello: 'world' }));
          return;
        case '/echo':
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              method: req.method,
              headers: req.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
          return;
        case '/slow':
          setTimeout(() => res.end('slow done'), Number(url.searchParams.get('ms') ?? 100));
          return;
        case '/big':
          res.end(Buffer.alloc(64 * 1024, 'x'));
          return;
        case '/redirect-local':
          res.writeHead(302, { location: '/json' });
          res.end();
          return;
        case '/redirect-meta':
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          res.end();
          return;
        default:
          res.writeHead(404);
          res.end('nope');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  local = createSandbox({
    network: { allowPrivateNetworks: true, limits: { maxResponseBytes: 32 * 1024 } },
  });
});

afterAll(async () => {
  await local.dispose();
  await new Promise((resolve) => server.close(resolve));
});

const runLocal = (body: string, limits = {}, egress = ['127.0.0.1']) =>
  local.run({
    workspaceId: 'ws_fetch',
    source: `export default async (p) => { const origin = p.origin; ${body} }`,
    payload: { origin },
    egress,
    limits,
  });

describe('fetch to an allowed loopback server (private networks allowed)', () => {
  it('returns status, headers and a JSON body', async () => {
    const result = await runLocal(`
      const res = await fetch(origin + '/json');
      return { status: res.status, ok: res.ok, type: res.headers.get('content-type'), x: res.headers.get('X-Test'),
               body: await res.json(), url: res.url, redirected: res.redirected };`);
    expect(result).toMatchObject({
      ok: true,
      value: {
        status: 200,
        ok: true,
        type: 'application/json',
        x: 'yes',
        body: { hello: 'world' },
        url: `${origin}/json`,
        redirected: false,
      },
    });
  });

  it('sends a method, headers and a body', async () => {
    const result = await runLocal(`
      const res = await fetch(new URL('/echo', origin), { method: 'post', headers: { 'Content-Type': 'application/json', 'X-Token': 't' }, body: JSON.stringify({ a: 1 }) });
      const form = await fetch(origin + '/echo', { method: 'PUT', body: new URLSearchParams({ q: 'a b' }) });
      return { status: res.status, echo: await res.json(), form: (await form.json()).body };`);
    expect(result).toMatchObject({
      ok: true,
      value: {
        status: 201,
        echo: {
          method: 'POST',
          body: '{"a":1}',
          headers: {
            'content-type': 'application/json',
            'x-token': 't',
            'accept-encoding': 'identity',
          },
        },
        form: 'q=a+b',
      },
    });
  });

  it('follows a redirect on an allowed host, and reports 404s as responses', async () => {
    const result = await runLocal(`
      const res = await fetch(origin + '/redirect-local');
      const missing = await fetch(origin + '/missing');
      return { redirected: res.redirected, url: res.url, body: await res.json(), missing: [missing.status, missing.ok, await missing.text()] };`);
    expect(result).toMatchObject({
      ok: true,
      value: {
        redirected: true,
        url: `${origin}/json`,
        body: { hello: 'world' },
        missing: [404, false, 'nope'],
      },
    });
  });

  it('refuses a redirect to the metadata address even with private networks allowed', async () => {
    const result = await runLocal(
      `
      try { await fetch(origin + '/redirect-meta'); return 'reached'; } catch (e) { return e.name + ': ' + e.message; }`,
      {},
      // Even a tenant that lists the metadata address cannot reach it.
      ['127.0.0.1', '169.254.169.254'],
    );
    expect(result).toMatchObject({
      ok: true,
      value:
        'TypeError: fetch to 169.254.169.254 refused: 169.254.169.254 is a cloud metadata address',
    });
  });

  it('caps the response size', async () => {
    const result = await runLocal(`
      try { await fetch(origin + '/big'); return 'read'; } catch (e) { return e.message; }`);
    expect(result).toMatchObject({
      ok: true,
      value: `fetch to ${origin} failed: response body exceeds 32768 bytes`,
    });
  });

  it('refuses hosts that are not on the allow-list', async () => {
    const result = await local.run({
      workspaceId: 'ws_fetch',
      source:
        'export default async (p) => { try { await fetch(p.origin + "/json"); } catch (e) { return e.message; } }',
      payload: { origin },
      egress: ['api.example.com'],
    });
    expect(result).toMatchObject({
      ok: true,
      value: expect.stringContaining("is not on the workspace's egress allow-list"),
    });
  });

  it('runs requests concurrently and caps how many one call makes', async () => {
    const result = await runLocal(`
      const started = Date.now();
      const bodies = await Promise.all([1, 2, 3].map(() => fetch(origin + '/slow?ms=300').then((r) => r.text())));
      return { bodies, parallel: Date.now() - started < 800 };`);
    expect(result).toMatchObject({
      ok: true,
      value: { bodies: ['slow done', 'slow done', 'slow done'], parallel: true },
    });
    const capped = await local.run({
      workspaceId: 'ws_fetch',
      source: `export default async (p) => { const out = [];
        for (let i = 0; i < 3; i++) { try { await fetch(p.origin + '/json'); out.push('ok'); } catch (e) { out.push(e.message); } }
        return out; }`,
      payload: { origin },
      egress: ['127.0.0.1'],
    });
    // The default cap (50) is far away; a sandbox with a cap of 2 refuses the third.
    expect(capped).toMatchObject({ ok: true, value: ['ok', 'ok', 'ok'] });
    const tight = createSandbox({
      network: { allowPrivateNetworks: true, limits: { maxFetchesPerCall: 2 } },
    });
    try {
      const third = await tight.run({
        workspaceId: 'ws_fetch',
        source: `export default async (p) => { const out = [];
          for (let i = 0; i < 3; i++) { try { await fetch(p.origin + '/json'); out.push('ok'); } catch (e) { out.push(e.message); } }
          return out; }`,
        payload: { origin },
        egress: ['127.0.0.1'],
      });
      expect(third).toMatchObject({
        ok: true,
        value: ['ok', 'ok', 'fetch: more than 2 requests in one call'],
      });
    } finally {
      await tight.dispose();
    }
  });
});

describe('the CPU limit is a CPU limit', () => {
  it('a 3 s awaited fetch passes under a 1 s CPU limit', async () => {
    const result = await runLocal(
      `
      const res = await fetch(origin + '/slow?ms=3000');
      return await res.text();`,
      { cpuMs: 1000, wallMs: 5000 },
    );
    expect(result).toMatchObject({ ok: true, value: 'slow done' });
    expect(result.wallMs).toBeGreaterThanOrEqual(3000);
    expect(result.cpuMs).toBeLessThan(1000);
  });

  it('a 1.5 s busy loop fails with the CPU message', async () => {
    const result = await runLocal(
      `
      const end = Date.now() + 1500;
      while (Date.now() < end) {}
      return 'finished';`,
      { cpuMs: 1000, wallMs: 5000 },
    );
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'cpu', message: 'script exceeded 1000 ms CPU limit' },
    });
    expect(result.wallMs).toBeLessThan(1500);
  });

  it('a slow fetch past the wall limit ends the call with the time message', async () => {
    const result = await runLocal(`await fetch(origin + '/slow?ms=2000'); return 'late';`, {
      wallMs: 500,
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'wall', message: 'script exceeded 500 ms time limit' },
    });
  });
});

describe('fetch refusals with an injected resolver (no socket opens)', () => {
  const PUBLIC = '93.184.215.14';
  const transport = vi.fn<FetchTransport>(async () => {
    throw new Error('the transport must not be reached');
  });
  const answers: Record<string, string[][]> = {
    'api.example.com': [[PUBLIC]],
    'rebind.example.com': [[PUBLIC], ['127.0.0.1']],
    'mixed.example.com': [[PUBLIC, '127.0.0.1']],
  };
  const served: Record<string, number> = {};
  const resolver = vi.fn(async (name: string): Promise<ResolvedAddress[]> => {
    const list = answers[name];
    if (!list) throw new Error('ENOTFOUND');
    const index = Math.min(served[name] ?? 0, list.length - 1);
    served[name] = (served[name] ?? 0) + 1;
    return list[index]!.map((address) => ({ address, family: 4 as const }));
  });
  let hosted: Sandbox;
  beforeAll(() => {
    hosted = createSandbox({ network: { allowPrivateNetworks: false, resolver, transport } });
  });
  afterAll(() => hosted.dispose());

  const attempt = (url: string, egress: string[]) =>
    hosted.run({
      workspaceId: 'ws_hosted',
      source:
        'export default async (p) => { try { await fetch(p.url); return "reached"; } catch (e) { return e.message; } }',
      payload: { url },
      egress,
    });

  it.each([
    ['http://127.0.0.1:8080/', ['127.0.0.1'], '127.0.0.1 is a loopback address'],
    ['http://10.0.0.1/', ['10.0.0.1'], '10.0.0.1 is a private network address'],
    [
      'http://169.254.169.254/latest/meta-data/',
      ['169.254.169.254'],
      '169.254.169.254 is a cloud metadata address',
    ],
    ['http://[::1]/', ['[::1]'], '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', ['[::ffff:127.0.0.1]'], '127.0.0.1 is a loopback address'],
    [
      'https://mixed.example.com/',
      ['mixed.example.com'],
      'mixed.example.com resolves to a loopback address',
    ],
    [
      'http://metadata.google.internal/',
      ['metadata.google.internal'],
      'metadata.google.internal is a cloud metadata host',
    ],
  ])('%s is refused', async (url, egress, reason) => {
    const result = await attempt(url, egress);
    expect(result).toMatchObject({ ok: true, value: expect.stringContaining(reason) });
    expect(transport).not.toHaveBeenCalled();
  });

  it('a name that resolves first to a public and then to a loopback address is pinned to the first', async () => {
    const seen: TransportRequest[] = [];
    const recording = createSandbox({
      network: {
        resolver,
        transport: async (request) => {
          seen.push(request);
          return {
            status: 200,
            statusText: 'OK',
            headers: [],
            body: new TextEncoder().encode('public'),
          };
        },
      },
    });
    try {
      const result = await recording.run({
        workspaceId: 'ws_hosted',
        source: 'export default async () => (await fetch("https://rebind.example.com/")).text()',
        payload: {},
        egress: ['rebind.example.com'],
      });
      expect(result).toMatchObject({ ok: true, value: 'public' });
      expect(seen.map((request) => request.address)).toEqual([PUBLIC]);
      // The second answer (loopback) would only matter to a client that looks the name up again.
      const second = await resolver('rebind.example.com');
      expect(second).toEqual([{ address: '127.0.0.1', family: 4 }]);
    } finally {
      await recording.dispose();
    }
  });
});
