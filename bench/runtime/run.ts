/**
 * tools/call throughput and latency of the runtime for a primary-key lookup statement tool, with
 * the references in the same run. Run from the repository root (Node 24):
 *
 *   node --no-node-snapshot --import tsx bench/runtime/run.ts [--concurrency 1,16,64]
 *     [--duration 10] [--warmup 2] [--peer-warmup 5] [--repeats 1] [--peers runtime,lean,toolbox] [--no-redis]
 *     [--cpu-prof DIR] [--redis-url URL] [--pg-admin-url URL] [--toolbox-bin PATH]
 *
 * It creates two databases of its own on the machine's PostgreSQL (--pg-admin-url, default
 * postgres://postgres@127.0.0.1:5432/postgres): `tp_bench_<hex>` (the control plane, migrated)
 * and `tp_bench_<hex>_data` (users: 100,000 rows), and drops both at the end. The runtime runs as
 * a child process from its real entry point (apps/runtime/src/main.ts) with every production
 * feature on: a tp_ token, the workspace registry, the full pipeline, the invocation log, rate
 * limits (1,000,000/min, so they never trigger; through Redis unless --no-redis) and the result
 * cache off for this tool. Peers:
 *   runtime  Toolplane's runtime
 *   lean     bench/runtime/lean-floor.ts: bare node:http JSON-RPC + one prepared pg query
 *   toolbox  Google's MCP Toolbox (--toolbox-bin, default the binary of a /tmp/bench-kit install)
 * The load generator is closed-loop over undici keep-alive connections (one per worker), like
 * ../shared/bench-kit/load.mjs; every reply is checked (HTTP 2xx, JSON-RPC id, no error, the
 * row's id in the result). Server CPU and peak RSS come from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseMasterKey } from '@toolplane/crypto';
import {
  createApiToken,
  createConnector,
  createDb,
  createKeyring,
  createTool,
  createUser,
  createWorkspace,
  updateWorkspaceSettings,
} from '@toolplane/db';
import { applyMigrations } from '@toolplane/db/migrator';
import pg from 'pg';
import { Agent } from 'undici';

const root = path.resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : argv[i + 1]!;
};
const CONCURRENCY = opt('concurrency', '1,16').split(',').map(Number);
const DURATION_S = Number(opt('duration', '10'));
const WARMUP_S = Number(opt('warmup', '2'));
const PEER_WARMUP_S = Number(opt('peer-warmup', '5'));
const REPEATS = Number(opt('repeats', '1'));
const PEERS = opt('peers', 'runtime,lean,toolbox').split(',');
const CPU_PROF = argv.includes('--cpu-prof') ? path.resolve(opt('cpu-prof', 'bench-prof')) : '';
const REDIS_URL = flag('no-redis') ? undefined : opt('redis-url', 'redis://127.0.0.1:6379');
const ADMIN_URL = opt('pg-admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const TOOLBOX_BIN = opt(
  'toolbox-bin',
  '/tmp/bench-kit/node_modules/@toolbox-sdk/server-linux-x64/bin/toolbox',
);
const ROWS = 100_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dbUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// ---------- children ----------

interface Child {
  readonly name: string;
  readonly url: string;
  readonly process: ChildProcess;
  output(): string;
}
const children: Child[] = [];

async function startChild(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: string,
  url: string,
): Promise<Child> {
  const child = spawn(command, args, {
    cwd: root,
    // biome-ignore lint/style/noProcessEnv: a child needs the parent's PATH and HOME, nothing else
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const entry: Child = { name, url, process: child, output: () => output };
  children.push(entry);
  const deadline = Date.now() + 60_000;
  // Listening once the MCP URL answers anything over HTTP (or the ready line was printed).
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${name} did not start:\n${output}`);
    }
    if (output.includes(ready)) break;
    const answered = await fetch(url, { method: 'POST', body: '{}' }).then(
      () => true,
      () => false,
    );
    if (answered) break;
    await sleep(100);
  }
  return entry;
}

async function stopChild(child: Child): Promise<void> {
  const index = children.indexOf(child);
  if (index !== -1) children.splice(index, 1);
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ---------- /proc ----------

const CLK_TCK = 100;
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return Number.NaN;
  }
}
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---------- load ----------

interface Target {
  readonly label: string;
  readonly url: string;
  readonly token?: string;
  readonly pid: number;
}

interface LevelResult {
  peer: string;
  concurrency: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: Record<string, number>;
  serverCpuMsPerReq: number;
  peakRssMb: number;
}

async function runLevel(
  target: Target,
  concurrency: number,
  durationS = DURATION_S,
): Promise<LevelResult> {
  const url = new URL(target.url);
  const agent = new Agent({ connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  let rpcId = 1;
  const call = async (): Promise<string | null> => {
    const id = rpcId++;
    const userId = 1 + Math.floor(Math.random() * ROWS);
    const res = await agent.request({
      origin: url.origin,
      path: url.pathname,
      method: 'POST',
      headers,
      body: `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"get_user","arguments":{"id":${userId}}}}`,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    if (res.statusCode < 200 || res.statusCode >= 300) return `http-${res.statusCode}`;
    let msg: { id?: unknown; error?: unknown; result?: { isError?: boolean } };
    try {
      msg = JSON.parse(text);
    } catch {
      return 'bad-json';
    }
    if (msg.error) return 'rpc-error';
    if (msg.id !== id) return 'wrong-id';
    if (!msg.result || msg.result.isError) return 'is-error';
    // The row's id, in a JSON text item (escaped) or in structuredContent.
    if (!new RegExp(`\\\\?"id\\\\?"\\s*:\\s*${userId}\\b`).test(text)) return 'wrong-data';
    return null;
  };

  let recording = false;
  let stop = false;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const worker = async () => {
    while (!stop) {
      const started = performance.now();
      let error: string | null;
      try {
        error = await call();
      } catch (e) {
        error = (e as { code?: string }).code ?? 'exception';
      }
      if (!recording) continue;
      if (error) errors[error] = (errors[error] ?? 0) + 1;
      else latencies.push(performance.now() - started);
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  await sleep(WARMUP_S * 1000);
  let peakRss = rssMb(target.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(target.pid));
  }, 200);
  const cpuBefore = cpuSeconds(target.pid);
  const t0 = performance.now();
  recording = true;
  await sleep(durationS * 1000);
  recording = false;
  const elapsed = (performance.now() - t0) / 1000;
  const cpuAfter = cpuSeconds(target.pid);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssMb(target.pid));
  stop = true;
  await Promise.all(workers);
  await agent.close();
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  const requests = latencies.length + errorCount;
  return {
    peer: target.label,
    concurrency,
    requests,
    rps: latencies.length / elapsed,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    errors,
    serverCpuMsPerReq: ((cpuAfter - cpuBefore) * 1000) / Math.max(1, requests),
    peakRssMb: peakRss,
  };
}

// ---------- setup ----------

const tag = randomBytes(4).toString('hex');
const controlDb = `tp_bench_${tag}`;
const dataDb = `tp_bench_${tag}_data`;
let created = false;

async function setUp() {
  await admin(async (c) => {
    await c.query(`CREATE DATABASE "${controlDb}"`);
    created = true;
    await c.query(`CREATE DATABASE "${dataDb}"`);
  });
  await admin(async (c) => {
    await c.query(`CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL, email text NOT NULL, org_id int NOT NULL);
      INSERT INTO users (name, email, org_id)
        SELECT chr(97 + (i % 26)) || chr(97 + (i / 26 % 26)) || chr(97 + (i / 676 % 26)) || '_user_' || i,
               'user' || i || '@example.com', i % 1000
        FROM generate_series(1, ${ROWS}) AS i;
      CREATE INDEX ON users (name text_pattern_ops);
      ANALYZE users;`);
  }, dbUrl(dataDb));
  await applyMigrations({ databaseUrl: dbUrl(controlDb) });

  const masterKey = randomBytes(32).toString('base64');
  const signingKey = randomBytes(32).toString('base64');
  const keyring = createKeyring([parseMasterKey(masterKey)]);
  const db = createDb({
    databaseUrl: dbUrl(controlDb),
    max: 2,
    applicationName: 'toolplane-bench',
  });
  try {
    const owner = await createUser(db, { email: `bench-${tag}@example.com` });
    let workspace = await createWorkspace(db, keyring, {
      slug: 'bench',
      name: 'bench',
      ownerUserId: owner.id,
    });
    workspace = await updateWorkspaceSettings(db, workspace.id, {
      rateLimitPerMinute: 1_000_000,
      tokenRateLimitPerMinute: 1_000_000,
      expectedVersion: workspace.version,
    });
    const connector = await createConnector(db, keyring, workspace.id, {
      name: 'main',
      type: 'postgres',
      url: dbUrl(dataDb),
    });
    await createTool(db, workspace.id, {
      name: 'get_user',
      description: 'One user by id',
      kind: 'statement',
      connectorId: connector.id,
      statement: 'SELECT id, name, email FROM users WHERE id = {{ inputs.id }}',
      inputs: [{ name: 'id', type: 'int', description: 'user id' }],
    });
    const token = (await createApiToken(db, workspace.id, { name: 'bench' })).plaintext;
    return { masterKey, signingKey, token };
  } finally {
    await db.$disconnect();
  }
}

async function tearDown() {
  for (const child of [...children]) await stopChild(child).catch(() => {});
  if (!created) return;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${controlDb}" WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS "${dataDb}" WITH (FORCE)`);
  });
}

// ---------- peers ----------

async function startPeer(name: string, keys: Awaited<ReturnType<typeof setUp>>): Promise<Target> {
  const port = await freePort();
  if (name === 'runtime') {
    const node = process.execPath;
    const args = ['--no-node-snapshot'];
    if (CPU_PROF) {
      mkdirSync(CPU_PROF, { recursive: true });
      args.push('--cpu-prof', '--cpu-prof-dir', CPU_PROF);
    }
    args.push('--import', 'tsx', 'apps/runtime/src/main.ts');
    const child = await startChild(
      name,
      node,
      args,
      {
        DATABASE_URL: dbUrl(controlDb),
        TOOLPLANE_MASTER_KEY: keys.masterKey,
        TOOLPLANE_RUNTIME_SIGNING_KEY: keys.signingKey,
        ...(REDIS_URL ? { REDIS_URL, REDIS_PREFIX: `tp_bench_${tag}:` } : {}),
        RUNTIME_HOST: '127.0.0.1',
        RUNTIME_PORT: String(port),
        TOOLPLANE_MODE: 'development',
        TOOLPLANE_ALLOW_PRIVATE_NETWORKS: 'true',
        LOG_LEVEL: 'info',
      },
      'runtime listening',
      `http://127.0.0.1:${port}/t/bench/mcp`,
    );
    return { label: name, url: child.url, token: keys.token, pid: child.process.pid! };
  }
  if (name === 'lean') {
    const child = await startChild(
      name,
      process.execPath,
      ['--import', 'tsx', 'bench/runtime/lean-floor.ts', String(port), dbUrl(dataDb)],
      {},
      'lean floor listening',
      `http://127.0.0.1:${port}/mcp`,
    );
    return { label: name, url: child.url, pid: child.process.pid! };
  }
  if (name === 'toolbox') {
    const admin = new URL(ADMIN_URL);
    const config = path.join('/tmp', `tp_bench_${tag}_toolbox.yaml`);
    writeFileSync(
      config,
      `kind: source
name: bench-pg
type: postgres
host: ${admin.hostname}
port: ${admin.port || 5432}
database: ${dataDb}
user: ${decodeURIComponent(admin.username) || 'postgres'}
password: ${decodeURIComponent(admin.password) || 'unused'}
---
kind: tool
name: get_user
type: postgres-sql
source: bench-pg
description: One user by id.
parameters:
  - name: id
    type: integer
    description: user id
statement: SELECT id, name, email FROM users WHERE id = $1;
`,
    );
    const child = await startChild(
      name,
      TOOLBOX_BIN,
      ['--config', config, '--address', '127.0.0.1', '--port', String(port)],
      {},
      'Server ready',
      `http://127.0.0.1:${port}/mcp`,
    );
    return { label: name, url: child.url, pid: child.process.pid! };
  }
  throw new Error(`unknown peer ${name}`);
}

// ---------- main ----------

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main() {
  const peers = PEERS.filter((peer) => {
    if (peer === 'toolbox' && !existsSync(TOOLBOX_BIN)) {
      say(`(toolbox skipped: no binary at ${TOOLBOX_BIN}; pass --toolbox-bin)`);
      return false;
    }
    return true;
  });
  say(
    `bench: ${ROWS} rows, peers ${peers.join(', ')}, concurrency ${CONCURRENCY.join(',')}, ${DURATION_S}s (+${WARMUP_S}s warm-up), ${REPEATS} repeat(s), redis ${REDIS_URL ? 'on' : 'off'}, node ${process.version}`,
  );
  const keys = await setUp();
  const results: (LevelResult & { repeat: number })[] = [];
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    const order = repeat % 2 === 1 ? peers : [...peers].reverse();
    for (const peer of order) {
      const target = await startPeer(peer, keys);
      // A freshly started server first gets a few seconds at c=16, unrecorded: JIT, pools and
      // caches warm (Toolbox gets the same).
      await runLevel(target, 16, PEER_WARMUP_S);
      for (const concurrency of CONCURRENCY) {
        const r = { ...(await runLevel(target, concurrency)), repeat };
        results.push(r);
        say(
          `run ${repeat} ${peer.padEnd(8)} c=${String(concurrency).padEnd(3)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p90 ${fmt(r.p90)} ms  p99 ${fmt(r.p99)} ms  errors ${JSON.stringify(r.errors)}  cpu ${fmt(r.serverCpuMsPerReq, 3)} ms/req  peak RSS ${fmt(r.peakRssMb, 0)} MB`,
        );
      }
      const child = children.find((c) => c.name === peer)!;
      await stopChild(child);
    }
  }
  const logged = await admin(
    async (c) => (await c.query('SELECT count(*)::int AS n FROM invocations')).rows[0].n as number,
    dbUrl(controlDb),
  );
  say(`invocation log rows written by the runtime: ${logged}`);

  // Medians across repeats, and ratios against the lean floor and Toolbox.
  say('\nmedian over repeats | ratio runtime/lean, runtime/toolbox (req/s; p50 at c=1)');
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor((s.length - 1) / 2)]!;
  };
  for (const concurrency of CONCURRENCY) {
    for (const peer of peers) {
      const rs = results.filter((r) => r.peer === peer && r.concurrency === concurrency);
      say(
        `  ${peer.padEnd(8)} c=${String(concurrency).padEnd(3)} ${fmt(median(rs.map((r) => r.rps)), 0).padStart(6)} req/s  p50 ${fmt(median(rs.map((r) => r.p50)))}  p99 ${fmt(median(rs.map((r) => r.p99)))}  RSS ${fmt(Math.max(...rs.map((r) => r.peakRssMb)), 0)} MB`,
      );
    }
    for (const ref of peers.filter((p) => p !== 'runtime')) {
      const ratios = [];
      for (let repeat = 1; repeat <= REPEATS; repeat++) {
        const mine = results.find(
          (r) => r.peer === 'runtime' && r.concurrency === concurrency && r.repeat === repeat,
        );
        const theirs = results.find(
          (r) => r.peer === ref && r.concurrency === concurrency && r.repeat === repeat,
        );
        if (mine && theirs) ratios.push(mine.rps / theirs.rps);
      }
      if (ratios.length) say(`    runtime/${ref} req/s ratio (median): ${fmt(median(ratios))}`);
    }
  }
  const out = path.join('/tmp', `tp_bench_${tag}.json`);
  writeFileSync(out, JSON.stringify(results, null, 2));
  say(`results: ${out}`);
}

let exiting = false;
const onSignal = () => {
  if (exiting) return;
  exiting = true;
  void tearDown().finally(() => process.exit(130));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

try {
  await main();
} catch (error) {
  for (const child of children)
    process.stderr.write(`--- ${child.name}:\n${child.output().slice(-3000)}\n`);
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
} finally {
  await tearDown();
}
