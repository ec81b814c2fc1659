import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// These tests run the real entry point, as `npm run dev` does, with a controlled environment.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const key = () => Buffer.alloc(32, 7).toString('base64');
const children: ChildProcess[] = [];

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function spawnRuntime(env: Record<string, string>): Spawned {
  const child = spawn(
    process.execPath,
    ['--no-node-snapshot', '--import', 'tsx', 'apps/runtime/src/main.ts'],
    { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function freePort(): Promise<number> {
  const probe = createNetServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForLine(read: () => string, predicate: (line: string) => boolean) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const line = read().split('\n').find(predicate);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for a line; output so far:\n${read()}`);
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('runtime entry point', () => {
  let db: TestDatabase;
  let validEnv: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase();
    validEnv = {
      DATABASE_URL: db.url,
      TOOLPLANE_MASTER_KEY: key(),
      TOOLPLANE_RUNTIME_SIGNING_KEY: key(),
      RUNTIME_HOST: '127.0.0.1',
    };
  });
  afterAll(() => db?.drop());

  it('refuses to start without TOOLPLANE_MASTER_KEY, naming it, without a stack', async () => {
    const { TOOLPLANE_MASTER_KEY: _omitted, ...env } = validEnv;
    const runtime = spawnRuntime({ ...env, RUNTIME_PORT: String(await freePort()) });
    expect(await runtime.exited).toBe(1);
    expect(runtime.stderr()).toMatch(/^toolplane-runtime: /);
    expect(runtime.stderr()).toContain('TOOLPLANE_MASTER_KEY: is required but not set');
    expect(runtime.stderr()).not.toMatch(/\n\s+at /);
    expect(runtime.stdout()).toBe('');
  });

  it('names a DATABASE_URL that is not PostgreSQL', async () => {
    const runtime = spawnRuntime({ ...validEnv, DATABASE_URL: 'mysql://x' });
    expect(await runtime.exited).toBe(1);
    expect(runtime.stderr()).toMatch(/DATABASE_URL: must be a postgres/);
    expect(runtime.stderr()).not.toContain('TOOLPLANE_MASTER_KEY');
  });

  it('starts with a valid env, serves health, and drains on SIGTERM', async () => {
    const port = await freePort();
    const runtime = spawnRuntime({ ...validEnv, RUNTIME_PORT: String(port) });
    const line = await waitForLine(runtime.stdout, (l) => l.includes('runtime listening'));
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'runtime listening',
      url: `http://127.0.0.1:${port}`,
    });

    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    runtime.child.kill('SIGTERM');
    expect(await runtime.exited).toBe(0);
    expect(runtime.stdout()).toContain('"msg":"runtime stopped"');
    expect(runtime.stdout()).not.toContain(db.url);
    expect(runtime.stdout()).not.toContain(key());
  });

  it('says which port is taken and how to change it', async () => {
    const blocker = createNetServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as AddressInfo;
    try {
      const runtime = spawnRuntime({ ...validEnv, RUNTIME_PORT: String(port) });
      expect(await runtime.exited).toBe(1);
      expect(runtime.stderr().trim().split('\n')).toHaveLength(1);
      expect(runtime.stderr()).toContain(`port ${port} is already in use`);
      expect(runtime.stderr()).toContain('RUNTIME_PORT');
    } finally {
      blocker.close();
    }
  });
});
