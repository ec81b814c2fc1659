import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { applyMigrations } from '@toolplane/db/migrator';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReadinessCheck } from './create-readiness-check';
import { createReadinessPool } from './create-readiness-pool';
import { createLogger } from './logger';
import { createServer } from './server';

const started: { close(): Promise<void> }[] = [];

async function startRuntime(databaseUrl: string) {
  const logger = createLogger({ level: 'error', write: () => {} });
  const pool = createReadinessPool(databaseUrl, logger);
  const readiness = createReadinessCheck({ pool, databaseUrl, logger });
  const server = createServer({ logger, readiness });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const runtime = {
    url: `http://127.0.0.1:${port}`,
    readiness,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
  started.push(runtime);
  return runtime;
}

async function closedLoopbackPort(): Promise<number> {
  const probe = createNetServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((runtime) => runtime.close()));
});

describe('runtime HTTP server', () => {
  let migrated: TestDatabase;
  beforeAll(async () => {
    migrated = await createTestDatabase();
  });
  afterAll(() => migrated?.drop());

  it('answers /healthz without I/O', async () => {
    const runtime = await startRuntime(
      `postgres://nobody@127.0.0.1:${await closedLoopbackPort()}/x`,
    );
    const res = await fetch(`${runtime.url}/healthz?probe=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('is ready on a migrated database', async () => {
    const runtime = await startRuntime(migrated.url);
    const res = await fetch(`${runtime.url}/readyz`);
    expect(await res.json()).toEqual({ status: 'ready' });
    expect(res.status).toBe(200);
  });

  it('is not ready while migrations are pending, and becomes ready once applied', async () => {
    const empty = await createTestDatabase({ migrated: false });
    try {
      const runtime = await startRuntime(empty.url);
      const res = await fetch(`${runtime.url}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; reason: string };
      expect(body.status).toBe('not_ready');
      expect(body.reason).toMatch(/^migrations pending: /);
      const migrations = readdirSync(
        path.resolve(import.meta.dirname, '../../../prisma/migrations'),
        {
          withFileTypes: true,
        },
      ).filter((entry) => entry.isDirectory());
      expect(migrations.length).toBeGreaterThan(0);
      for (const migration of migrations) expect(body.reason).toContain(migration.name);

      await applyMigrations({ databaseUrl: empty.url });
      expect((await fetch(`${runtime.url}/readyz`)).status).toBe(200);
    } finally {
      await empty.drop();
    }
  });

  it('re-checks the database on every probe', async () => {
    const db = await createTestDatabase();
    const runtime = await startRuntime(db.url);
    expect((await fetch(`${runtime.url}/readyz`)).status).toBe(200);
    await db.drop();
    const res = await fetch(`${runtime.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not_ready', reason: 'database unreachable' });
  });

  it('is not ready when the database is unreachable, and never shows the URL', async () => {
    const port = await closedLoopbackPort();
    const runtime = await startRuntime(
      `postgres://toolplane:hunter2-very-secret@127.0.0.1:${port}/toolplane`,
    );
    const res = await fetch(`${runtime.url}/readyz`);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: 'not_ready', reason: 'database unreachable' });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain(String(port));
  });

  it('answers "draining" once shutdown has begun', async () => {
    const runtime = await startRuntime(migrated.url);
    expect((await fetch(`${runtime.url}/readyz`)).status).toBe(200);
    runtime.readiness.startDraining();
    const res = await fetch(`${runtime.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not_ready', reason: 'draining' });
    expect((await fetch(`${runtime.url}/healthz`)).status).toBe(200);
  });

  it('shares one check between concurrent probes', async () => {
    const runtime = await startRuntime(migrated.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${runtime.url}/readyz`).then((res) => res.status)),
    );
    expect(answers).toEqual(Array(20).fill(200));
  });

  it('answers 404 JSON for an unknown path', async () => {
    const runtime = await startRuntime(migrated.url);
    for (const target of ['/nope', '/', '/healthz/', '/readyz/x']) {
      const res = await fetch(`${runtime.url}${target}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found' });
    }
  });

  it('answers 405 with Allow for a wrong method, and HEAD like GET without a body', async () => {
    const runtime = await startRuntime(migrated.url);
    const res = await fetch(`${runtime.url}/healthz`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toEqual({ error: 'method_not_allowed' });

    const head = await fetch(`${runtime.url}/readyz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
