/**
 * The runtime's benchmark, with its references in the same run. From the repository root (Node 24):
 *
 *   node --no-node-snapshot --import tsx bench/runtime/run.ts [--quick]
 *     [--concurrency 1,16,64] [--duration 10] [--warmup 2] [--peer-warmup 5] [--repeats 1]
 *     [--peers runtime,runtime-nolog,runtime-mem,lean,sdk,toolbox] [--runtime-entry bundle|source]
 *     [--no-conformance] [--cpu-prof DIR] [--out FILE] [--redis-url URL] [--pg-admin-url URL]
 *     [--toolbox-bin PATH] [--list-tools 1000] [--scenarios get_user,get_user_cached,...]
 *     [--runtime-node-flags "--flag …"] [--runtime-env "K=V …"] [--list-page-size N] [--pool-size N]
 *     [--base-dir DIR] (with the peer runtime-base: the runtime of another checkout, same config)
 *
 * It creates two databases of its own on the machine's PostgreSQL (--pg-admin-url, default
 * postgres://postgres@127.0.0.1:5432/postgres, normal durability settings): `tp_bench_<hex>` (the
 * control plane, migrated) and `tp_bench_<hex>_data` (users: 100,000 rows), and drops both at the
 * end (also on Ctrl-C). Every server runs as a child process, so the peak RSS and CPU read from
 * /proc are the server's alone, never the load generator's.
 *
 * Peers (each started fresh per repeat; every runtime has all production features on: tp_ token
 * auth, workspace registry, full pipeline, rate limits at 1,000,000/min so they never trigger):
 *   runtime        the production build (`npm start` runs apps/runtime/dist/main.js the same way;
 *                  --runtime-entry source runs src/main.ts through tsx), Redis for rate limits
 *                  and the result cache, invocation log on
 *   runtime-nolog  the same with RUNTIME_INVOCATION_LOG=off
 *   runtime-mem    the same without Redis: in-memory result cache and rate limits
 *   runtime-pool4  runtime-nolog with RUNTIME_TENANT_POOL_SIZE=4 (opt-in via --peers: pool A/B)
 *   lean           bench/runtime/lean-floor.ts: bare node:http JSON-RPC + one prepared pg query
 *   sdk            bench/runtime/sdk-floor.ts: minimal @modelcontextprotocol/sdk server
 *   toolbox        Google's MCP Toolbox (--toolbox-bin; default the binary of a /tmp/bench-kit
 *                  copy of ../shared/bench-kit after `npm install`; skipped when absent)
 * Scenarios (`tools/call` unless said):
 *   get_user         point lookup by primary key, ids uniform over 100,000 rows, cache off
 *   get_user_cached  the same statement with the result cache on, ids over a hot set of 1,000
 *                    (warm after the warm-up: Redis on runtime, memory on runtime-mem)
 *   script_echo      a trivial script tool in the isolate sandbox
 *   tools_list       one sample = walking every page of `tools/list` on a 1,000-tool workspace
 * After the runtime peer's load (first repeat), the official MCP conformance server scenarios
 * (test/mcp/run-conformance-scenario.ts) run against that same process, configuration and
 * database, through test/mcp's header-adding proxy.
 *
 * The load generator is closed-loop over undici keep-alive connections (one per worker), like
 * ../shared/bench-kit/load.mjs; every reply is checked (HTTP 2xx, JSON-RPC id, no error, the
 * expected data). The process exits non-zero on any error or failed conformance check.
 * `--quick`: 1 s levels at concurrency 1 and 4, one repeat (the smoke test's mode).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
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
  type Db,
  type Keyring,
  updateWorkspaceSettings,
} from '@toolplane/db';
import { applyMigrations } from '@toolplane/db/migrator';
import pg from 'pg';
import { Agent } from 'undici';
import { startHeaderAddingProxy } from '../../test/mcp/header-adding-proxy';
import {
  CONFORMANCE_SCENARIOS,
  CONFORMANCE_TOOLS,
  runConformanceScenario,
} from '../../test/mcp/run-conformance-scenario';

const root = path.resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const given = (name: string) => argv.indexOf(`--${name}`) !== -1;
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : argv[i + 1]!;
};
const QUICK = flag('quick');
const CONCURRENCY = opt('concurrency', QUICK ? '1,4' : '1,16')
  .split(',')
  .map(Number);
const DURATION_S = Number(opt('duration', QUICK ? '1' : '10'));
const WARMUP_S = Number(opt('warmup', QUICK ? '0.5' : '2'));
const PEER_WARMUP_S = Number(opt('peer-warmup', QUICK ? '0.5' : '5'));
const REPEATS = Number(opt('repeats', '1'));
const ALL_PEERS = ['runtime', 'runtime-nolog', 'runtime-mem', 'lean', 'sdk', 'toolbox'];
const PEERS = opt('peers', ALL_PEERS.join(',')).split(',');
const RUNTIME_ENTRY = opt('runtime-entry', 'bundle');
/** Extra node flags for the runtime peers (A/B of V8 settings), e.g. "--max-semi-space-size=8". */
const RUNTIME_NODE_FLAGS = opt('runtime-node-flags', '').split(' ').filter(Boolean);
/** `--runtime-env "K=V …"`: extra environment for the runtime peers (A/B of e.g. MALLOC_ARENA_MAX). */
const RUNTIME_ENV = Object.fromEntries(
  opt('runtime-env', '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const CONFORMANCE = !flag('no-conformance');
const CPU_PROF = given('cpu-prof') ? path.resolve(opt('cpu-prof', 'bench-prof')) : '';
const REDIS_URL = opt('redis-url', 'redis://127.0.0.1:6379');
const ADMIN_URL = opt('pg-admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const TOOLBOX_BIN = opt(
  'toolbox-bin',
  '/tmp/bench-kit/node_modules/@toolbox-sdk/server-linux-x64/bin/toolbox',
);
const ROWS = 100_000;
const HOT_ROWS = 1_000;
const LIST_TOOLS = Number(opt('list-tools', '1000'));
/** RUNTIME_TOOLS_PAGE_SIZE for the runtime peers; unset: the runtime's default. */
const LIST_PAGE_SIZE = given('list-page-size') ? opt('list-page-size', '') : undefined;
/** RUNTIME_TENANT_POOL_SIZE for the runtime peers but runtime-pool4; unset: the default. */
const POOL_SIZE = given('pool-size') ? opt('pool-size', '') : undefined;
/**
 * `--base-dir DIR`: another checkout (npm ci done) whose runtime the peer `runtime-base` runs,
 * configured exactly as `runtime`, so a code change is compared with its base in one run.
 */
const BASE_DIR = given('base-dir') ? path.resolve(opt('base-dir', '')) : undefined;

type Scenario = 'get_user' | 'get_user_cached' | 'script_echo' | 'tools_list';
const ONLY = given('scenarios') ? opt('scenarios', '').split(',') : undefined;
const SCENARIOS: Record<string, readonly Scenario[]> = Object.fromEntries(
  Object.entries({
    runtime: ['get_user', 'get_user_cached', 'script_echo', 'tools_list'],
    'runtime-nolog': ['get_user'],
    'runtime-mem': ['get_user', 'get_user_cached'],
    'runtime-pool4': ['get_user'],
    'runtime-base': ['get_user', 'get_user_cached', 'script_echo', 'tools_list'],
    lean: ['get_user'],
    sdk: ['get_user'],
    toolbox: ['get_user'],
  } satisfies Record<string, Scenario[]>).map(([peer, list]) => [
    peer,
    list.filter((s) => ONLY === undefined || ONLY.includes(s)),
  ]),
);

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
  probeUrl: string,
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
  const entry: Child = { name, process: child, output: () => output };
  children.push(entry);
  const deadline = Date.now() + 60_000;
  // Listening once the ready line was printed (or the URL answers anything over HTTP).
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${name} did not start:\n${output}`);
    }
    if (output.includes(ready)) break;
    const answered = await fetch(probeUrl, { method: 'POST', body: '{}' }).then(
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
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---------- load ----------

interface Target {
  readonly peer: string;
  /** `http://127.0.0.1:port` */
  readonly origin: string;
  /** Path of the MCP endpoint serving get_user (and the other tools of the main workspace). */
  readonly path: string;
  /** Path of the 1,000-tool workspace's endpoint (runtime peers). */
  readonly listPath?: string;
  readonly token?: string;
  readonly listToken?: string;
  readonly pid: number;
}

interface LevelResult {
  peer: string;
  scenario: Scenario;
  concurrency: number;
  repeat: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: Record<string, number>;
  serverCpuMsPerReq: number;
  /** CPU of the PostgreSQL backends connected to the benchmark's two databases, per request. */
  pgCpuMsPerReq: number;
  /** The part of it spent by backends of the tenant (data) database. */
  pgDataCpuMsPerReq: number;
  /** The load generator's own CPU (this process): a bigger or odder answer costs the client too. */
  clientCpuMsPerReq: number;
  /** PostgreSQL backends that connected during the level (pool churn). */
  pgNewBackends: number;
  peakRssMb: number;
}

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

/** One sample of a scenario: null when the reply checked out, else the kind of error. */
function sampler(target: Target, scenario: Scenario, agent: Agent): () => Promise<string | null> {
  let rpcId = 1;
  const headers: Record<string, string> = { ...HEADERS };
  if (target.token) headers.authorization = `Bearer ${target.token}`;

  const post = async (path: string, hdrs: Record<string, string>, body: string) => {
    const res = await agent.request({
      origin: target.origin,
      path,
      method: 'POST',
      headers: hdrs,
      body,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    const text = await res.body.text();
    if (res.statusCode < 200 || res.statusCode >= 300) return { error: `http-${res.statusCode}` };
    try {
      return { text, msg: JSON.parse(text) as Record<string, unknown> & { result?: unknown } };
    } catch {
      return { error: 'bad-json' };
    }
  };
  const check = (
    reply: Awaited<ReturnType<typeof post>>,
    id: number,
  ): string | { text: string; result: Record<string, unknown> } => {
    if ('error' in reply) return reply.error!;
    const { msg, text } = reply;
    if (msg.error) return 'rpc-error';
    if (msg.id !== id) return 'wrong-id';
    const result = msg.result as { isError?: boolean } | undefined;
    if (!result || result.isError) return 'is-error';
    return { text, result: result as Record<string, unknown> };
  };
  // A field of a JSON text item (escaped) or of structuredContent.
  const has = (text: string, field: string, value: number) =>
    new RegExp(`\\\\?"${field}\\\\?"\\s*:\\s*${value}\\b`).test(text);

  const call = async (tool: string, field: string, value: number, argName = field) => {
    const id = rpcId++;
    const body = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${tool}","arguments":{"${argName}":${value}}}}`;
    const checked = check(await post(target.path, headers, body), id);
    if (typeof checked === 'string') return checked;
    return has(checked.text, field, value) ? null : 'wrong-data';
  };

  switch (scenario) {
    case 'get_user':
      return () => call('get_user', 'id', 1 + Math.floor(Math.random() * ROWS));
    case 'get_user_cached':
      return () => call('get_user_cached', 'id', 1 + Math.floor(Math.random() * HOT_ROWS));
    case 'script_echo':
      return () => call('echo', 'echo', Math.floor(Math.random() * 1_000_000), 'n');
    case 'tools_list': {
      const listHeaders = { ...HEADERS, authorization: `Bearer ${target.listToken}` };
      return async () => {
        let cursor: string | undefined;
        let seen = 0;
        for (let page = 0; page <= LIST_TOOLS; page++) {
          const id = rpcId++;
          const params = cursor === undefined ? '{}' : `{"cursor":${JSON.stringify(cursor)}}`;
          const body = `{"jsonrpc":"2.0","id":${id},"method":"tools/list","params":${params}}`;
          const checked = check(await post(target.listPath!, listHeaders, body), id);
          if (typeof checked === 'string') return checked;
          const { tools, nextCursor } = checked.result as {
            tools?: unknown[];
            nextCursor?: string;
          };
          if (!Array.isArray(tools)) return 'wrong-data';
          seen += tools.length;
          if (nextCursor === undefined) return seen === LIST_TOOLS ? null : 'wrong-count';
          cursor = nextCursor;
        }
        return 'too-many-pages';
      };
    }
  }
}

async function runLevel(
  target: Target,
  scenario: Scenario,
  concurrency: number,
  durationS: number,
  warmupS: number,
  repeat: number,
): Promise<LevelResult> {
  const agent = new Agent({ connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  const call = sampler(target, scenario, agent);
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
  await sleep(warmupS * 1000);
  let peakRss = statusMb(target.pid, 'VmRSS');
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, statusMb(target.pid, 'VmRSS'));
  }, 200);
  const backends = await pgBackends();
  const pgBefore = new Map(backends.map((b) => [b.pid, { db: b.db, cpu: cpuSeconds(b.pid) }]));
  const cpuBefore = cpuSeconds(target.pid);
  const clientBefore = process.cpuUsage();
  const t0 = performance.now();
  recording = true;
  await sleep(durationS * 1000);
  recording = false;
  const elapsed = (performance.now() - t0) / 1000;
  const cpuAfter = cpuSeconds(target.pid);
  const client = process.cpuUsage(clientBefore);
  // A backend that went away during the level (an idle connection closed) counts for nothing.
  let pgCpu = 0;
  let pgDataCpu = 0;
  for (const [pid, before] of pgBefore) {
    const spent = cpuSeconds(pid) - before.cpu;
    if (!Number.isFinite(spent)) continue;
    pgCpu += spent;
    if (before.db === dataDb) pgDataCpu += spent;
  }
  // Connection churn: backends that started during the level (their CPU is not counted above).
  const pgNewBackends = (await pgBackends()).filter((b) => !pgBefore.has(b.pid)).length;
  clearInterval(rssTimer);
  peakRss = Math.max(peakRss, statusMb(target.pid, 'VmRSS'));
  stop = true;
  await Promise.all(workers);
  await agent.close();
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  const requests = latencies.length + errorCount;
  return {
    peer: target.peer,
    scenario,
    concurrency,
    repeat,
    requests,
    rps: latencies.length / elapsed,
    p50: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    errors,
    serverCpuMsPerReq: ((cpuAfter - cpuBefore) * 1000) / Math.max(1, requests),
    pgCpuMsPerReq: (pgCpu * 1000) / Math.max(1, requests),
    pgDataCpuMsPerReq: (pgDataCpu * 1000) / Math.max(1, requests),
    clientCpuMsPerReq: (client.user + client.system) / 1000 / Math.max(1, requests),
    pgNewBackends,
    peakRssMb: peakRss,
  };
}

/** The PostgreSQL backends serving the benchmark's databases (pools are warm by now). */
function pgBackends(): Promise<{ pid: number; db: string }[]> {
  return admin(
    async (c) =>
      (
        await c.query(
          'SELECT pid, datname AS db FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()',
          [[controlDb, dataDb]],
        )
      ).rows as { pid: number; db: string }[],
  );
}

// ---------- setup ----------

const tag = randomBytes(4).toString('hex');
const controlDb = `tp_bench_${tag}`;
const dataDb = `tp_bench_${tag}_data`;
let created = false;

interface Keys {
  masterKey: string;
  signingKey: string;
  /** Workspace `bench`: get_user, get_user_cached, echo and the conformance tool. */
  token: string;
  /** Workspace `bench-list`: LIST_TOOLS statement tools. */
  listToken: string;
  /** Workspace `bench-errors` (errorStyle result): the conformance error tool. */
  errorsToken: string;
}

async function benchWorkspace(db: Db, keyring: Keyring, ownerUserId: string, slug: string) {
  const workspace = await createWorkspace(db, keyring, { slug, name: slug, ownerUserId });
  return updateWorkspaceSettings(db, workspace.id, {
    rateLimitPerMinute: 1_000_000,
    tokenRateLimitPerMinute: 1_000_000,
    ...(slug === 'bench-errors' ? { errorStyle: 'result' as const } : {}),
    expectedVersion: workspace.version,
  });
}

async function setUp(): Promise<Keys> {
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
    max: 8,
    applicationName: 'toolplane-bench',
  });
  try {
    const owner = await createUser(db, { email: `bench-${tag}@example.com` });
    const main = await benchWorkspace(db, keyring, owner.id, 'bench');
    const connector = await createConnector(db, keyring, main.id, {
      name: 'main',
      type: 'postgres',
      url: dbUrl(dataDb),
    });
    const getUser = {
      description: 'One user by id',
      kind: 'statement' as const,
      connectorId: connector.id,
      statement: 'SELECT id, name, email FROM users WHERE id = {{ inputs.id }}',
      inputs: [{ name: 'id', type: 'int', description: 'user id' }],
    };
    await createTool(db, main.id, { name: 'get_user', ...getUser });
    await createTool(db, main.id, {
      name: 'get_user_cached',
      ...getUser,
      cacheEnabled: true,
      cacheTtlSeconds: 3_600,
    });
    await createTool(db, main.id, {
      name: 'echo',
      description: 'Echoes n',
      kind: 'script',
      handlerSource:
        'export default ({ inputs }: { inputs: { n: number } }) => ({ echo: inputs.n });',
      inputs: [{ name: 'n', type: 'int', description: 'any integer' }],
    });
    await createTool(db, main.id, CONFORMANCE_TOOLS.tools);
    const errors = await benchWorkspace(db, keyring, owner.id, 'bench-errors');
    await createTool(db, errors.id, CONFORMANCE_TOOLS.errors);

    const list = await benchWorkspace(db, keyring, owner.id, 'bench-list');
    const listConnector = await createConnector(db, keyring, list.id, {
      name: 'main',
      type: 'postgres',
      url: dbUrl(dataDb),
    });
    const names = Array.from(
      { length: LIST_TOOLS },
      (_, i) => `tool_${String(i).padStart(4, '0')}`,
    );
    for (let i = 0; i < names.length; i += 8) {
      await Promise.all(
        names.slice(i, i + 8).map((name) =>
          createTool(db, list.id, {
            name,
            description: `${name}: one user by id, with name and email`,
            kind: 'statement',
            connectorId: listConnector.id,
            statement: 'SELECT id, name, email FROM users WHERE id = {{ inputs.id }}',
            inputs: [{ name: 'id', type: 'int', description: 'user id' }],
            annotations: { readOnlyHint: true },
          }),
        ),
      );
    }
    const token = async (workspaceId: string) =>
      (await createApiToken(db, workspaceId, { name: 'bench' })).plaintext;
    return {
      masterKey,
      signingKey,
      token: await token(main.id),
      listToken: await token(list.id),
      errorsToken: await token(errors.id),
    };
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

/** `node <flags> dist/main.js` of apps/runtime's start script, with the path made root-relative. */
function productionNodeArgs(dir = root): string[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'apps/runtime/package.json'), 'utf8'));
  const words = (manifest.scripts.start as string).split(/\s+/);
  if (words[0] !== 'node') throw new Error('apps/runtime start script no longer starts with node');
  return words
    .slice(1)
    .filter((word) => word !== '--no-node-snapshot')
    .map((word) => (word.endsWith('.js') ? path.join(dir, 'apps/runtime', word) : word));
}

function nodeArgs(peer: string): string[] {
  const args = ['--no-node-snapshot'];
  if (CPU_PROF) {
    const dir = path.join(CPU_PROF, peer);
    mkdirSync(dir, { recursive: true });
    args.push('--cpu-prof', '--cpu-prof-dir', dir);
  }
  return args;
}

async function startPeer(name: string, keys: Keys): Promise<{ target: Target; child: Child }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  if (name.startsWith('runtime')) {
    // With the node flags of apps/runtime's `npm start` script (the launcher uses the same), or
    // from source through tsx.
    const entry =
      name === 'runtime-base'
        ? productionNodeArgs(BASE_DIR)
        : RUNTIME_ENTRY === 'source'
          ? ['--import', 'tsx', 'apps/runtime/src/main.ts']
          : productionNodeArgs();
    const child = await startChild(
      name,
      process.execPath,
      [...nodeArgs(name), ...RUNTIME_NODE_FLAGS, ...entry],
      {
        DATABASE_URL: dbUrl(controlDb),
        TOOLPLANE_MASTER_KEY: keys.masterKey,
        TOOLPLANE_RUNTIME_SIGNING_KEY: keys.signingKey,
        ...(name === 'runtime-mem' ? {} : { REDIS_URL, REDIS_PREFIX: `tp_bench_${tag}:` }),
        ...(name === 'runtime-nolog' || name === 'runtime-pool4'
          ? { RUNTIME_INVOCATION_LOG: 'off' }
          : {}),
        ...(name === 'runtime-pool4'
          ? { RUNTIME_TENANT_POOL_SIZE: '4' }
          : POOL_SIZE === undefined
            ? {}
            : { RUNTIME_TENANT_POOL_SIZE: POOL_SIZE }),
        ...(LIST_PAGE_SIZE === undefined ? {} : { RUNTIME_TOOLS_PAGE_SIZE: LIST_PAGE_SIZE }),
        RUNTIME_HOST: '127.0.0.1',
        RUNTIME_PORT: String(port),
        TOOLPLANE_MODE: 'development',
        TOOLPLANE_ALLOW_PRIVATE_NETWORKS: 'true',
        LOG_LEVEL: 'info',
        ...RUNTIME_ENV,
      },
      'runtime listening',
      `${origin}/healthz`,
    );
    return {
      child,
      target: {
        peer: name,
        origin,
        path: '/t/bench/mcp',
        listPath: '/t/bench-list/mcp',
        token: keys.token,
        listToken: keys.listToken,
        pid: child.process.pid!,
      },
    };
  }
  if (name === 'lean' || name === 'sdk') {
    const script = name === 'lean' ? 'lean-floor.ts' : 'sdk-floor.ts';
    const child = await startChild(
      name,
      process.execPath,
      [
        ...nodeArgs(name),
        '--import',
        'tsx',
        `bench/runtime/${script}`,
        String(port),
        dbUrl(dataDb),
      ],
      {},
      'listening',
      `${origin}/mcp`,
    );
    return { child, target: { peer: name, origin, path: '/mcp', pid: child.process.pid! } };
  }
  if (name === 'toolbox') {
    const pgAdmin = new URL(ADMIN_URL);
    const config = path.join('/tmp', `tp_bench_${tag}_toolbox.yaml`);
    writeFileSync(
      config,
      `kind: source
name: bench-pg
type: postgres
host: ${pgAdmin.hostname}
port: ${pgAdmin.port || 5432}
database: ${dataDb}
user: ${decodeURIComponent(pgAdmin.username) || 'postgres'}
password: ${decodeURIComponent(pgAdmin.password) || 'unused'}
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
      `${origin}/mcp`,
    );
    return { child, target: { peer: name, origin, path: '/mcp', pid: child.process.pid! } };
  }
  throw new Error(`unknown peer ${name}`);
}

interface ConformanceResult {
  scenario: string;
  passed: number;
  failed: { id: string; errorMessage?: string }[];
}

/** The official scenarios against the benchmark's own runtime process (its config, its data). */
async function runConformance(target: Target, keys: Keys): Promise<ConformanceResult[]> {
  const proxy = await startHeaderAddingProxy(target.origin, {
    bench: keys.token,
    'bench-errors': keys.errorsToken,
  });
  const slugs = { tools: 'bench', errors: 'bench-errors' } as const;
  try {
    const results: ConformanceResult[] = [];
    for (const [scenario, role] of CONFORMANCE_SCENARIOS) {
      const checks = await runConformanceScenario(`${proxy.url}/${slugs[role]}/mcp`, scenario);
      results.push({
        scenario,
        passed: checks.filter((c) => c.status === 'SUCCESS').length,
        failed: checks
          .filter((c) => c.status === 'FAILURE')
          .map(({ id, errorMessage }) => ({ id, ...(errorMessage ? { errorMessage } : {}) })),
      });
    }
    return results;
  } finally {
    await proxy.close();
  }
}

// ---------- report ----------

const fmt = (n: number | undefined, digits = 2) =>
  n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '-';
const median = (xs: number[]) => {
  const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)]!;
};
const errorTotal = (r: LevelResult) => Object.values(r.errors).reduce((a, b) => a + b, 0);

function report(results: LevelResult[], peers: string[], hwm: Record<string, number>): string[] {
  const lines: string[] = [];
  lines.push(
    '| peer | scenario | c | req/s | p50 ms | p99 ms | errors | CPU ms/req | PG CPU ms/req | of it tenant DB | client CPU ms/req | peak RSS MB |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
  );
  for (const peer of peers) {
    for (const scenario of SCENARIOS[peer] ?? []) {
      for (const concurrency of CONCURRENCY) {
        const rs = results.filter(
          (r) => r.peer === peer && r.scenario === scenario && r.concurrency === concurrency,
        );
        if (rs.length === 0) continue;
        lines.push(
          `| ${peer} | ${scenario} | ${concurrency} | ${fmt(median(rs.map((r) => r.rps)), 0)} | ${fmt(median(rs.map((r) => r.p50)))} | ${fmt(median(rs.map((r) => r.p99)))} | ${rs.reduce((a, r) => a + errorTotal(r), 0)} | ${fmt(median(rs.map((r) => r.serverCpuMsPerReq)), 3)} | ${fmt(median(rs.map((r) => r.pgCpuMsPerReq)), 3)} | ${fmt(median(rs.map((r) => r.pgDataCpuMsPerReq)), 3)} | ${fmt(median(rs.map((r) => r.clientCpuMsPerReq)), 3)} | ${fmt(Math.max(...rs.map((r) => r.peakRssMb)), 0)} |`,
        );
      }
    }
  }
  lines.push('', 'lifetime peak RSS (VmHWM, max over repeats): ');
  lines.push(
    Object.entries(hwm)
      .map(([peer, mb]) => `${peer} ${fmt(mb, 0)} MB`)
      .join(', '),
  );

  // Ratios of req/s within each repeat, then their median.
  const ratio = (a: [string, Scenario], b: [string, Scenario], concurrency: number) => {
    const xs: number[] = [];
    for (let repeat = 1; repeat <= REPEATS; repeat++) {
      const find = ([peer, scenario]: [string, Scenario]) =>
        results.find(
          (r) =>
            r.peer === peer &&
            r.scenario === scenario &&
            r.concurrency === concurrency &&
            r.repeat === repeat,
        );
      const x = find(a);
      const y = find(b);
      if (x && y) xs.push(x.rps / y.rps);
    }
    return median(xs);
  };
  const pairs: [string, [string, Scenario], [string, Scenario]][] = [
    ['runtime/toolbox', ['runtime', 'get_user'], ['toolbox', 'get_user']],
    ['runtime/runtime-base', ['runtime', 'get_user'], ['runtime-base', 'get_user']],
    ['runtime-base/toolbox', ['runtime-base', 'get_user'], ['toolbox', 'get_user']],
    ['runtime/lean', ['runtime', 'get_user'], ['lean', 'get_user']],
    ['runtime/sdk', ['runtime', 'get_user'], ['sdk', 'get_user']],
    ['toolbox/lean', ['toolbox', 'get_user'], ['lean', 'get_user']],
    ['log off/log on', ['runtime-nolog', 'get_user'], ['runtime', 'get_user']],
    ['pool 4/pool 5 (log off)', ['runtime-pool4', 'get_user'], ['runtime-nolog', 'get_user']],
    ['cached (Redis)/uncached', ['runtime', 'get_user_cached'], ['runtime', 'get_user']],
    [
      'cached (memory)/uncached (runtime-mem)',
      ['runtime-mem', 'get_user_cached'],
      ['runtime-mem', 'get_user'],
    ],
    [
      'cached (memory)/uncached (runtime)',
      ['runtime-mem', 'get_user_cached'],
      ['runtime', 'get_user'],
    ],
  ];
  lines.push(
    '',
    '| req/s ratio (median of per-repeat ratios) | c | ratio |',
    '| --- | --: | --: |',
  );
  for (const [label, a, b] of pairs) {
    for (const concurrency of CONCURRENCY) {
      const value = ratio(a, b, concurrency);
      if (Number.isFinite(value)) lines.push(`| ${label} | ${concurrency} | ${fmt(value)} |`);
    }
  }
  return lines;
}

// ---------- main ----------

async function main(): Promise<boolean> {
  const peers = PEERS.filter((peer) => {
    if (!(peer in SCENARIOS))
      throw new Error(`unknown peer ${peer} (${Object.keys(SCENARIOS).join(', ')})`);
    if (peer === 'runtime-base' && BASE_DIR === undefined)
      throw new Error('the runtime-base peer needs --base-dir DIR (another checkout)');
    if (peer === 'toolbox' && !existsSync(TOOLBOX_BIN)) {
      say(`(toolbox skipped: no binary at ${TOOLBOX_BIN}; pass --toolbox-bin)`);
      return false;
    }
    return true;
  });
  if (RUNTIME_ENTRY !== 'source' && peers.some((p) => p.startsWith('runtime'))) {
    say('building apps/runtime (node apps/runtime/build.mjs, as `npm start` does)');
    execFileSync(process.execPath, ['apps/runtime/build.mjs'], { cwd: root, stdio: 'ignore' });
    if (BASE_DIR !== undefined) {
      say(`building the base runtime in ${BASE_DIR}`);
      execFileSync(process.execPath, ['apps/runtime/build.mjs'], {
        cwd: BASE_DIR,
        stdio: 'ignore',
      });
    }
  }
  say(
    `bench: ${ROWS} rows, ${LIST_TOOLS} tools to list, peers ${peers.join(', ')}, concurrency ${CONCURRENCY.join(',')}, ${DURATION_S}s (+${WARMUP_S}s warm-up) per level, ${REPEATS} repeat(s), runtime ${RUNTIME_ENTRY}, node ${process.version}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  const keys = await setUp();
  const results: LevelResult[] = [];
  const hwm: Record<string, number> = {};
  const idle: Record<string, number> = {};
  let conformance: ConformanceResult[] = [];
  for (let repeat = 1; repeat <= REPEATS; repeat++) {
    const order = repeat % 2 === 1 ? peers : [...peers].reverse();
    for (const peer of order) {
      const { target, child } = await startPeer(peer, keys);
      await sleep(500);
      idle[peer] = Math.max(idle[peer] ?? 0, statusMb(target.pid, 'VmRSS'));
      // A freshly started server first gets a few seconds at c=16 of each scenario, unrecorded:
      // JIT, pools, snapshots and caches warm (every peer gets the same).
      for (const scenario of SCENARIOS[peer]!) {
        await runLevel(target, scenario, 16, PEER_WARMUP_S, 0, repeat);
      }
      for (const scenario of SCENARIOS[peer]!) {
        for (const concurrency of CONCURRENCY) {
          const r = await runLevel(target, scenario, concurrency, DURATION_S, WARMUP_S, repeat);
          results.push(r);
          say(
            `run ${repeat} ${peer.padEnd(13)} ${scenario.padEnd(15)} c=${String(concurrency).padEnd(3)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p90 ${fmt(r.p90)} ms  p99 ${fmt(r.p99)} ms  errors ${JSON.stringify(r.errors)}  cpu ${fmt(r.serverCpuMsPerReq, 3)} ms/req  pg ${fmt(r.pgCpuMsPerReq, 3)} ms/req (data ${fmt(r.pgDataCpuMsPerReq, 3)}, +${r.pgNewBackends} backends)  client ${fmt(r.clientCpuMsPerReq, 3)} ms/req  peak RSS ${fmt(r.peakRssMb, 0)} MB`,
          );
        }
      }
      if (peer === 'runtime' && repeat === 1 && CONFORMANCE) {
        conformance = await runConformance(target, keys);
        for (const c of conformance) {
          say(
            `conformance ${c.scenario}: ${c.passed} passed, ${c.failed.length} failed${c.failed.length ? ` ${JSON.stringify(c.failed)}` : ''}`,
          );
        }
      }
      hwm[peer] = Math.max(hwm[peer] ?? 0, statusMb(target.pid, 'VmHWM'));
      await stopChild(child);
    }
  }
  const logged = await admin(
    async (c) => (await c.query('SELECT count(*)::int AS n FROM invocations')).rows[0].n as number,
    dbUrl(controlDb),
  );
  say(`invocation log rows written by the runtimes: ${logged}`);
  say(
    `\nmedians over ${REPEATS} repeat(s); load average now ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
  );
  say(
    `RSS after start, before any request: ${Object.entries(idle)
      .map(([peer, mb]) => `${peer} ${fmt(mb, 0)} MB`)
      .join(', ')}`,
  );
  for (const line of report(results, peers, hwm)) say(line);

  const errors = results.reduce((a, r) => a + errorTotal(r), 0);
  const conformanceFailures = conformance.reduce((a, c) => a + c.failed.length, 0);
  const out = path.resolve(opt('out', path.join('/tmp', `tp_bench_${tag}.json`)));
  writeFileSync(
    out,
    JSON.stringify(
      {
        options: { CONCURRENCY, DURATION_S, WARMUP_S, REPEATS, peers, RUNTIME_ENTRY, LIST_TOOLS },
        results,
        peakRssMb: hwm,
        startRssMb: idle,
        conformance,
        invocationRows: logged,
        errors,
        conformanceFailures,
      },
      null,
      2,
    ),
  );
  say(`results: ${out}`);
  return errors === 0 && conformanceFailures === 0;
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
  if (!(await main())) process.exitCode = 1;
} catch (error) {
  for (const child of children)
    process.stderr.write(`--- ${child.name}:\n${child.output().slice(-3000)}\n`);
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
} finally {
  await tearDown();
}
