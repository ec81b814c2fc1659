import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from '@toolplane/db/migrator';
import pg from 'pg';
import { resolveKeys } from '../dev-keys';
import { findFreePort, isPortAnswering } from '../find-free-port';
import { LauncherError } from '../launcher-error';
import { run } from '../run-command';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../start-embedded-postgres';
import { type Supervised, supervise } from '../supervise';
import { waitForHttp } from '../wait-for-http';

// `npm start` / `npm run dev`: one command from a fresh clone to a running dashboard + runtime.
const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const dev = process.argv.includes('--dev');
const env = process.env;
const stateDir = path.resolve(env.TOOLPLANE_DATA_DIR ?? path.join(root, '.toolplane'));
const say = (line: string) => process.stdout.write(`${line}\n`);

let embedded: EmbeddedPostgresHandle | null = null;
const children: Supervised[] = [];
let stopping = false;

async function main() {
  mkdirSync(stateDir, { recursive: true });
  const state = readState();

  const { keys, generated } = resolveKeys(env, path.join(stateDir, 'dev-keys.json'));
  if (generated.length > 0)
    say(`• Generated development keys (${generated.join(', ')}) in ${rel(stateDir)}/dev-keys.json`);

  let databaseUrl = env.DATABASE_URL;
  let databaseLabel = 'DATABASE_URL';
  if (!databaseUrl) {
    const port = await pickPostgresPort(state.pgPort);
    const dataDir = path.join(stateDir, 'pg');
    say(`• Starting embedded PostgreSQL on 127.0.0.1:${port} (data in ${rel(dataDir)})`);
    embedded = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    writeState({ ...state, pgPort: port });
    databaseUrl = await ensureDatabase(embedded.adminUrl, 'toolplane');
    databaseLabel = `embedded PostgreSQL on 127.0.0.1:${port} (data in ${rel(dataDir)})`;
  }

  const webPort = Number(env.PORT ?? 3000);
  const runtimePort = Number(env.RUNTIME_PORT ?? 4000);
  for (const [port, what, variable] of [
    [webPort, 'dashboard', 'PORT'],
    [runtimePort, 'runtime', 'RUNTIME_PORT'],
  ] as const) {
    if (await isPortAnswering(port)) {
      throw new LauncherError(
        `Port ${port} (the ${what}) is already in use. Stop what uses it or set ${variable} to another port.`,
      );
    }
  }

  say('• Generating the database client');
  await run(process.execPath, [path.join(root, 'scripts/prisma-generate.mjs')], { cwd: root });
  const { applied } = await applyMigrations({ databaseUrl });
  say(
    applied.length > 0
      ? `• Applied migrations: ${applied.join(', ')}`
      : '• Database schema is up to date',
  );

  if (!dev) {
    say('• Building the dashboard and the runtime (the first build takes a few minutes)');
    await run(
      process.execPath,
      [
        turboBin(),
        'run',
        'build',
        '--filter=@toolplane/web',
        '--filter=@toolplane/runtime',
        // So `npx toolplane` works beside a running `npm start` (README).
        '--filter=@toolplane/cli',
        '--output-logs=errors-only',
      ],
      { cwd: root, env: { ...env, TURBO_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' } },
    );
  }

  const runtimeUrl = `http://127.0.0.1:${runtimePort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    ...keys,
    DATABASE_URL: databaseUrl,
    PORT: String(webPort),
    RUNTIME_PORT: String(runtimePort),
    TOOLPLANE_RUNTIME_URL: env.TOOLPLANE_RUNTIME_URL ?? runtimeUrl,
    AUTH_URL: env.AUTH_URL ?? webUrl,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: dev ? 'development' : 'production',
  };

  const runtimeArgs = dev
    ? ['--no-node-snapshot', '--import', 'tsx', '--watch', 'apps/runtime/src/main.ts']
    : // The same flags as apps/runtime's `npm start`: an 8 MB semi-space keeps the young
      // generation from growing to ~100 MB under load, a 1 GB old-space limit makes V8 collect
      // at ~1.6× the live heap instead of ~4× (bench/runtime/README.md, "Memory"); dist/main.js
      // turns on source maps for our own code only.
      [
        '--no-node-snapshot',
        '--max-semi-space-size=8',
        '--max-old-space-size=1024',
        'apps/runtime/dist/main.js',
      ];
  children.push(supervise('runtime', process.execPath, runtimeArgs, { cwd: root, env: childEnv }));
  const webDir = path.join(root, 'apps/web');
  const nextBin = createRequire(path.join(webDir, 'package.json')).resolve('next/dist/bin/next');
  children.push(
    supervise(
      'web',
      process.execPath,
      [nextBin, dev ? 'dev' : 'start', '-p', String(webPort), '-H', '127.0.0.1'],
      {
        cwd: webDir,
        env: childEnv,
      },
    ),
  );
  for (const child of children) {
    void child.exited.then((code) => {
      if (stopping) return;
      process.stderr.write(
        `\n${child.name} exited unexpectedly (code ${code}); stopping Toolplane.\n`,
      );
      void shutdown(1);
    });
  }

  const [runtime, web] = children as [Supervised, Supervised];
  await waitForHttp(`${runtimeUrl}/readyz`, { timeoutMs: 60_000, isAlive: runtime.alive });
  await waitForHttp(`${webUrl}/api/healthz`, {
    timeoutMs: dev ? 180_000 : 60_000,
    isAlive: web.alive,
  });

  say('');
  say(`Toolplane is running${dev ? ' (development mode, hot reload)' : ''}`);
  say(`  Dashboard  ${webUrl}`);
  say(`  Runtime    ${runtimeUrl}   (MCP endpoints: ${runtimeUrl}/t/<workspace>/mcp)`);
  say(`  Database   ${databaseLabel}`);
  say(
    `  Cache      ${env.REDIS_URL ? 'Redis (REDIS_URL)' : 'in-memory (set REDIS_URL to use Redis)'}`,
  );
  say('Press Ctrl-C to stop.');
}

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  say('\nStopping Toolplane…');
  await Promise.all(children.map((child) => child.stop()));
  if (embedded) {
    await embedded.stop().catch(() => undefined);
    say('• Embedded PostgreSQL stopped');
  }
  process.exit(code);
}

async function pickPostgresPort(remembered: number | undefined): Promise<number> {
  if (env.TOOLPLANE_PG_PORT) return Number(env.TOOLPLANE_PG_PORT);
  // Reuse last run's port so URLs stay stable; never 5432, which a machine PostgreSQL may own.
  for (const candidate of [remembered, 54329]) {
    if (candidate && !(await isPortAnswering(candidate))) return candidate;
  }
  return findFreePort();
}

async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

interface LauncherState {
  pgPort?: number;
}
function readState(): LauncherState {
  const file = path.join(stateDir, 'state.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LauncherState;
  } catch {
    return {};
  }
}
function writeState(state: LauncherState) {
  writeFileSync(path.join(stateDir, 'state.json'), `${JSON.stringify(state, null, 2)}\n`);
}

function turboBin(): string {
  return createRequire(path.join(root, 'package.json')).resolve('turbo/bin/turbo');
}

function rel(p: string): string {
  const r = path.relative(root, p);
  return r.startsWith('..') ? p : r;
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

main().catch(async (error: unknown) => {
  const message =
    error instanceof LauncherError
      ? error.message
      : `Toolplane failed to start: ${(error as Error)?.message ?? String(error)}`;
  process.stderr.write(`\n${message}\n`);
  await shutdown(1);
});
