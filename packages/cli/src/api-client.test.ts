import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  ApiUnreachableError,
  createApiClient,
  normalizeApiUrl,
  workspacePath,
} from './api-client';

// The client's own behaviour (retries, paging, error decoding) against a small HTTP server that
// answers the edge cases on cue; the CLI against the real API is test/cli/cli.test.ts.
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void = (_req, res) => res.end();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function json(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
}

describe('createApiClient', () => {
  it('retries a rate-limited create with the same Idempotency-Key, after Retry-After', async () => {
    seen.length = 0;
    answer = (req, res) => {
      if (seen.length === 1) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/problem+json' });
        return res.end(JSON.stringify({ status: 429, code: 'RATE_LIMITED' }));
      }
      json(res, 201, { created: JSON.parse(req.body) });
    };
    const client = createApiClient({ apiUrl: `${base}/api/v1/`, token: 'tpp_x' });
    const result = await client.post<{ created: unknown }>('/api/v1/things', { name: 'a' });
    expect(result).toEqual({ created: { name: 'a' } });
    expect(seen).toHaveLength(2);
    const [first, second] = seen;
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(first!.headers.authorization).toBe('Bearer tpp_x');
  });

  it('gives up on a Retry-After longer than it will wait, with the problem', async () => {
    seen.length = 0;
    answer = (_req, res) => {
      res.writeHead(429, { 'retry-after': '3600', 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ status: 429, code: 'RATE_LIMITED', detail: 'Slow down.' }));
    };
    const client = createApiClient({ apiUrl: base, token: 'tpp_x' });
    const error = await client.get('/api/v1/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('RATE_LIMITED');
    expect(seen).toHaveLength(1);
  });

  it('decodes problem+json with field errors, and says so when something else answered', async () => {
    answer = (req, res) => {
      if (req.url.startsWith('/api/v1/bad'))
        return json(
          res,
          400,
          {
            status: 400,
            code: 'INVALID',
            detail: 'Check the fields.',
            errors: [{ field: 'name', reason: 'Required' }],
          },
          'application/problem+json',
        );
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>nginx</html>');
    };
    const client = createApiClient({ apiUrl: base });
    const invalid = (await client.post('/api/v1/bad', {}).catch((e: unknown) => e)) as ApiError;
    expect(invalid.status).toBe(400);
    expect(invalid.problem.errors).toEqual([{ field: 'name', reason: 'Required' }]);
    const html = (await client.get('/api/v1/elsewhere').catch((e: unknown) => e)) as ApiError;
    expect(html.status).toBe(404);
    expect(html.problem.detail).toContain('not a Toolplane API response');
  });

  it('follows nextCursor through every page', async () => {
    seen.length = 0;
    answer = (req, res) => {
      const cursor = new URL(req.url, base).searchParams.get('cursor');
      if (!cursor) return json(res, 200, { items: [1, 2], nextCursor: 'c2' });
      if (cursor === 'c2') return json(res, 200, { items: [3], nextCursor: null });
      json(res, 500, {});
    };
    const client = createApiClient({ apiUrl: base });
    expect(await client.listAll<number>('/api/v1/items', { tool: 'a b' })).toEqual([1, 2, 3]);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/items?tool=a+b&limit=200',
      '/api/v1/items?tool=a+b&limit=200&cursor=c2',
    ]);
  });

  it('reports an unreachable API as such', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = createApiClient({ apiUrl: `http://127.0.0.1:${port}`, maxAttempts: 2 });
    const error = (await client.get('/api/v1/me').catch((e: unknown) => e)) as ApiUnreachableError;
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect(error.reason).toBe('ECONNREFUSED');
  });
});

describe('paths and URLs', () => {
  it('escapes every workspace path segment, so a name cannot climb out', () => {
    expect(workspacePath('acme', 'tools', '../../me')).toBe(
      '/api/v1/workspaces/acme/tools/..%2F..%2Fme',
    );
    expect(workspacePath('a/b', 'secrets', 'X?y=1')).toBe(
      '/api/v1/workspaces/a%2Fb/secrets/X%3Fy%3D1',
    );
  });

  it('accepts the web app URL with or without /api/v1, and refuses other schemes', () => {
    expect(normalizeApiUrl('https://tp.example.com/')).toBe('https://tp.example.com');
    expect(normalizeApiUrl('https://tp.example.com/api/v1/')).toBe('https://tp.example.com');
    expect(() => normalizeApiUrl('file:///etc/passwd')).toThrow(/http/);
  });
});
