import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort, isPortAnswering } from '@toolplane/launcher';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// The slow one: what a newcomer does. A fresh clone of this repository, no DATABASE_URL, `npm
// start` — it must install, start embedded PostgreSQL, migrate, build, serve both apps, stop
// cleanly on Ctrl-C and keep its data for the next start.
const repoRoot = path.resolve(import.meta.dirname, '..');
const workDir = mkdtempSync(path.join(tmpdir(), 'toolplane-fresh-'));
// embedded PostgreSQL runs as the `postgres` OS user when we are root: it must reach the clone.
chmodSync(workDir, 0o755);
const clone = path.join(workDir, 'toolplane');
let current: ChildProcess | null = null;

function cleanEnv(ports: { web: number; runtime: number; pg: number }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (
      /^(npm_|VITEST|TP_TEST_)/i.test(key) ||
      ['DATABASE_URL', 'REDIS_URL', 'MYSQL_URL', 'NODE_OPTIONS', 'NODE_ENV'].includes(key)
    )
      continue;
    env[key] = value;
  }
  return {
    ...env,
    PORT: String(ports.web),
    RUNTIME_PORT: String(ports.runtime),
    TOOLPLANE_PG_PORT: String(ports.pg),
  };
}

/** Runs `npm start` until it prints that Toolplane is running; returns its output so far. */
function start(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  current = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C to stop.')) resolve({ child, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`npm start exited early (code ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/**
 * Ctrl-C as a terminal sends it: SIGINT to the whole foreground process group. npm itself dies
 * of the signal; the launcher finishes its ordered shutdown, and 'close' fires once every
 * process holding our pipes (npm, sh, the launcher) is gone.
 */
async function stop(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  const closed = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  process.kill(-(child.pid as number), 'SIGINT');
  const result = await closed;
  current = null;
  return result;
}

// npm exits 0, or dies of the SIGINT it was sent (as it does at a terminal): both are a clean stop.
const stoppedCleanly = ({ code, signal }: { code: number | null; signal: string | null }) =>
  code === 0 || signal === 'SIGINT';

afterAll(async () => {
  if (current?.pid) {
    try {
      process.kill(-current.pid, 'SIGKILL');
    } catch {}
  }
  rmSync(workDir, { recursive: true, force: true });
  // The clone holds a full node_modules and two builds: on a loaded machine removing it takes
  // longer than vitest's default minute.
}, 300_000);

describe('npm start from a fresh clone without DATABASE_URL', () => {
  it('serves the dashboard and the runtime, and keeps data across a restart', async () => {
    execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
    const ports = {
      web: await findFreePort(),
      runtime: await findFreePort(),
      pg: await findFreePort(),
    };
    const env = cleanEnv(ports);
    const webUrl = `http://127.0.0.1:${ports.web}`;
    const runtimeUrl = `http://127.0.0.1:${ports.runtime}`;
    const pgUrl = `postgres://postgres:toolplane@127.0.0.1:${ports.pg}/toolplane`;

    const first = await start(env);
    expect(first.output()).toContain(`Dashboard  ${webUrl}`);
    expect(first.output()).toContain(`Runtime    ${runtimeUrl}`);
    expect((await fetch(`${webUrl}/sign-in`)).status).toBe(200);
    expect((await fetch(`${runtimeUrl}/readyz`)).status).toBe(200);

    const db = new pg.Client({ connectionString: pgUrl });
    await db.connect();
    await db.query('CREATE TABLE restart_probe (note text)');
    await db.query("INSERT INTO restart_probe VALUES ('kept')");
    await db.end();

    expect(await stop(first.child)).toSatisfy(stoppedCleanly);
    expect(first.output()).toContain('Embedded PostgreSQL stopped');
    expect(first.output()).not.toMatch(/exited unexpectedly|failed to start/);
    for (const port of Object.values(ports)) expect(await isPortAnswering(port)).toBe(false);

    const second = await start(env);
    expect(second.output()).toContain('Database schema is up to date');
    const again = new pg.Client({ connectionString: pgUrl });
    await again.connect();
    const { rows } = await again.query('SELECT note FROM restart_probe');
    await again.end();
    expect(rows).toEqual([{ note: 'kept' }]);
    expect((await fetch(`${runtimeUrl}/readyz`)).status).toBe(200);
    expect(await stop(second.child)).toSatisfy(stoppedCleanly);
    expect(second.output()).toContain('Embedded PostgreSQL stopped');
  }, 900_000);
});
