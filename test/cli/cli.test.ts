// The `toolplane` CLI end to end: the real bin (built from source first) as a child process, with
// HOME and XDG_CONFIG_HOME in a temporary directory, against the real REST API dispatcher on
// node:http and a real runtime over one control-plane database, with a real tenant PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { createApiHandler } from '@toolplane/api';
import { type ServedApi, serveApi } from '@toolplane/api/test-support';
import { createTenantPostgres, type TenantDatabase } from '@toolplane/connectors/test-support';
import {
  addMembership,
  createPersonalAccessToken,
  createUser,
  getSecretValues,
  listApiTokens,
  updateWorkspaceSettings,
  type Workspace,
} from '@toolplane/db';
import { createRuntimeFixture, type RuntimeFixture } from '@toolplane/runtime/test-support';
import { pgAdminUrl } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'packages', 'cli');
const BIN = join(CLI, 'bin', 'toolplane.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let fixture: RuntimeFixture;
let tenant: TenantDatabase;
let api: ServedApi;
let acme: Workspace;
let resultsSlug: string;
let home: string;
let pat: string;
let viewerPat: string;

/**
 * Runs the bin asynchronously: the API and the runtime answer from this very process, so a
 * spawnSync would block the event loop they need.
 */
function toolplane(
  args: string[],
  options: {
    stdin?: string;
    /** Takes over stdin instead of `stdin` (which is written and closed at once). */
    feed?: (stdin: Writable) => void;
    env?: Record<string, string>;
  } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (options.feed) options.feed(child.stdin);
    else child.stdin.end(options.stdin ?? '');
  });
}

/** Like `toolplane`, with its wall-clock time. */
async function timed(...args: Parameters<typeof toolplane>): Promise<Run & { ms: number }> {
  const started = performance.now();
  const run = await toolplane(...args);
  return { ...run, ms: performance.now() - started };
}

/**
 * A stdin pipe held open like a parent process or CI runner that hands down its own stdin: the
 * bytes in `text` (if any) and then silence, closed only once the test is done with it.
 */
function heldOpen(opened: Writable[], text?: string) {
  return (stdin: Writable) => {
    opened.push(stdin);
    if (text) stdin.write(text);
  };
}

function noStack(run: Run) {
  expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

beforeAll(async () => {
  // Never a stale dist/: the bin under test is built from the current source.
  const build = spawnSync(process.execPath, [join(CLI, 'build.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`CLI build failed:\n${build.stderr}`);
  home = mkdtempSync(join(tmpdir(), 'toolplane-cli-'));
  fixture = await createRuntimeFixture();
  tenant = await createTenantPostgres(
    pgAdminUrl(),
    "CREATE TABLE customers (id int PRIMARY KEY, name text); INSERT INTO customers VALUES (1, 'Ada'), (2, 'Grace');",
  );
  acme = await fixture.workspace(`acme-${Date.now().toString(36)}`);
  const main = await fixture.connector(acme.id, 'main_db', 'postgres', tenant.url);
  await fixture.tool(acme.id, {
    name: 'get_customer',
    description: 'A customer by id.',
    kind: 'statement',
    connectorId: main,
    statement: 'SELECT id, name FROM customers WHERE id = {{ inputs.id }}',
    inputs: [{ name: 'id', type: 'int', description: 'customer id' }],
  });
  // A second workspace answers tool errors as results (isError) instead of JSON-RPC errors.
  const results = await fixture.workspace(`results-${Date.now().toString(36)}`);
  resultsSlug = results.slug;
  await updateWorkspaceSettings(fixture.db, results.id, {
    expectedVersion: results.version,
    errorStyle: 'result',
  });
  await fixture.tool(results.id, {
    name: 'get_customer',
    kind: 'statement',
    connectorId: await fixture.connector(results.id, 'main_db', 'postgres', tenant.url),
    statement: 'SELECT id, name FROM customers WHERE id = {{ inputs.id }}',
    inputs: [{ name: 'id', type: 'int' }],
  });
  const runtime = await fixture.start({ invocationFlushMs: 200 });
  api = await serveApi(
    createApiHandler({
      deps: {
        db: fixture.db,
        keyring: fixture.keyring,
        runtimeSigningKey: fixture.signingKey,
        runtimeUrl: runtime.url,
        networkPolicy: { allowPrivateNetworks: true, deny: [] },
        mailer: { send: async () => undefined },
      },
    }),
  );
  pat = (await createPersonalAccessToken(fixture.db, fixture.ownerId, { name: 'cli' })).plaintext;
  const viewer = await createUser(fixture.db, { email: `viewer-${Date.now()}@example.com` });
  await addMembership(fixture.db, acme.id, { userId: viewer.id, role: 'viewer' });
  viewerPat = (await createPersonalAccessToken(fixture.db, viewer.id, { name: 'cli' })).plaintext;
}, 180_000);

afterAll(async () => {
  await api?.close();
  await fixture?.close();
  await tenant?.drop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('toolplane CLI', () => {
  it('prints help for every command and exits 2 on a wrong command line', async () => {
    const help = await toolplane(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['login', 'logout', 'workspaces', 'tools', 'tokens', 'secrets'])
      expect(help.stdout).toContain(command);
    const call = await toolplane(['tools', 'call', '--help']);
    expect(call.code).toBe(0);
    expect(call.stdout).toContain('--json-input');
    const wrong = await toolplane(['tools', 'frobnicate']);
    expect(wrong.code).toBe(2);
  });

  it('refuses an invalid token with a clear message, stores nothing, and prints no stack', async () => {
    const run = await toolplane(['login', '--api-url', api.origin], {
      stdin: 'tpp_not-a-real-token-at-all-000000000000000',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/toolplane login/);
    noStack(run);
    await expect(readFile(join(home, 'config', 'toolplane', 'config.json'))).rejects.toThrow();
    const json = await toolplane(['whoami', '--json', '--api-url', api.origin], {
      env: { TOOLPLANE_TOKEN: 'tpp_revoked-or-never-existed-0000000000000000' },
    });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr).error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('gives up on a stdin pipe that stays open and silent, instead of hanging', async () => {
    const opened: Writable[] = [];
    try {
      const run = await timed(['login', '--api-url', api.origin], { feed: heldOpen(opened) });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('No personal access token on standard input after 3 s');
      // The quiet period (3 s) plus start-up, far from forever.
      expect(run.ms).toBeLessThan(15_000);
      noStack(run);
      await expect(readFile(join(home, 'config', 'toolplane', 'config.json'))).rejects.toThrow();
    } finally {
      for (const stdin of opened) stdin.destroy();
    }
  });

  it('logs in from stdin and stores the token readable only by the user', async () => {
    const run = await toolplane(['login', '--api-url', api.origin], { stdin: `${pat}\n` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Logged in');
    const dir = join(home, 'config', 'toolplane');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(dir, 'config.json'), 'utf8'))).toEqual({
      apiUrl: api.origin,
      token: pat,
    });
    const me = await toolplane(['whoami', '--json']);
    expect(me.code, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout).id).toBe(fixture.ownerId);
  });

  it('lists workspaces and tools, as a table and as JSON', async () => {
    const list = await toolplane(['workspaces']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${acme.slug}\\s+`, 'm'));
    const json = await toolplane(['workspaces', 'list', '--json']);
    expect(JSON.parse(json.stdout).map((w: { slug: string }) => w.slug)).toContain(acme.slug);

    const tools = await toolplane(['tools', 'list', '--workspace', acme.slug]);
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('get_customer');
    const one = await toolplane(['tools', 'get', 'get_customer', '--json'], {
      env: { TOOLPLANE_WORKSPACE: acme.slug },
    });
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ name: 'get_customer' });
  });

  it('calls a tool through the runtime with a short-lived token', async () => {
    const run = await toolplane([
      'tools',
      'call',
      'get_customer',
      '--workspace',
      acme.slug,
      '--input',
      'id=2',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Grace');
    const json = await toolplane([
      'tools',
      'call',
      'get_customer',
      '-w',
      acme.slug,
      '--json-input',
      '{"id": 1}',
      '--json',
    ]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(json.stdout).structuredContent)).toContain('Ada');
  });

  it('exits non-zero when the tool fails, and on malformed input', async () => {
    const bad = await toolplane([
      'tools',
      'call',
      'get_customer',
      '-w',
      acme.slug,
      '--input',
      'id=not-a-number',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/'id'.*expected int/);
    noStack(bad);
    const asResult = await toolplane([
      'tools',
      'call',
      'get_customer',
      '-w',
      resultsSlug,
      '--input',
      'id=not-a-number',
    ]);
    expect(asResult.code).toBe(1);
    expect(asResult.stdout).toBe('');
    expect(asResult.stderr).toMatch(/'id'.*expected int/);
    expect(asResult.stderr).toContain('get_customer failed');
    const asJson = await toolplane([
      'tools',
      'call',
      'get_customer',
      '-w',
      resultsSlug,
      '--json-input',
      '{"id":"x"}',
      '--json',
    ]);
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout).isError).toBe(true);
    const malformed = await toolplane([
      'tools',
      'call',
      'get_customer',
      '-w',
      acme.slug,
      '--json-input',
      '{oops',
    ]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--json-input is not valid JSON');
  });

  it('sets a secret from stdin only, and refuses an empty stdin', async () => {
    const set = await toolplane(['secrets', 'set', 'DB_PASSWORD', '-w', acme.slug], {
      stdin: 's3cr3t value\n',
    });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout + set.stderr).not.toContain('s3cr3t');
    expect(
      await getSecretValues(fixture.db, fixture.keyring, acme.id, ['DB_PASSWORD']),
    ).toMatchObject({ DB_PASSWORD: { value: 's3cr3t value' } });
    const list = await toolplane(['secrets', 'list', '-w', acme.slug]);
    expect(list.stdout).toContain('DB_PASSWORD');
    expect(list.stdout).not.toContain('s3cr3t');

    const empty = await toolplane(['secrets', 'set', 'EMPTY', '-w', acme.slug]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('Nothing on standard input');
    const invalid = await toolplane(['secrets', 'set', 'not a name', '-w', acme.slug], {
      stdin: 'x',
    });
    expect(invalid.code).toBe(1);
    noStack(invalid);
  });

  it('secrets set: an open silent stdin fails fast, a slow but steady pipe still works', async () => {
    const opened: Writable[] = [];
    try {
      const silent = await timed(['secrets', 'set', 'NEVER_SENT', '-w', acme.slug], {
        feed: heldOpen(opened),
      });
      expect(silent.code).toBe(2);
      expect(silent.stderr).toContain('No secret value on standard input after 3 s');
      expect(silent.stderr).toContain('printf %s "$VALUE" | toolplane secrets set NEVER_SENT');
      expect(silent.ms).toBeLessThan(15_000);
      noStack(silent);

      // Some bytes and then silence without end-of-file: maybe half a value, so nothing is saved.
      const partial = await timed(['secrets', 'set', 'HALF_SENT', '-w', acme.slug], {
        feed: heldOpen(opened, 'half a val'),
      });
      expect(partial.code).toBe(2);
      expect(partial.stderr).toContain('without being closed');
      expect(partial.ms).toBeLessThan(15_000);
      expect(
        Object.keys(
          await getSecretValues(fixture.db, fixture.keyring, acme.id, ['NEVER_SENT', 'HALF_SENT']),
        ),
      ).toEqual([]);
    } finally {
      for (const stdin of opened) stdin.destroy();
    }

    // Four chunks 1.2 s apart: longer in all than the 3 s quiet period, never quiet that long.
    const parts = ['slow ', 'but ', 'steady', '\n'];
    const slow = await timed(['secrets', 'set', 'SLOW_PIPE', '-w', acme.slug], {
      feed: (stdin) => {
        let next = 0;
        const send = () => {
          if (next === parts.length) return stdin.end();
          stdin.write(parts[next++]);
          setTimeout(send, 1_200);
        };
        send();
      },
    });
    expect(slow.code, slow.stderr).toBe(0);
    expect(slow.ms).toBeGreaterThan(3_600);
    expect(
      await getSecretValues(fixture.db, fixture.keyring, acme.id, ['SLOW_PIPE']),
    ).toMatchObject({ SLOW_PIPE: { value: 'slow but steady' } });
  }, 60_000);

  it('creates a token shown once, lists it by prefix and revokes it', async () => {
    const create = await toolplane([
      'tokens',
      'create',
      '--name',
      'CI deploy',
      '--expires-in-days',
      '7',
      '-w',
      acme.slug,
    ]);
    expect(create.code, create.stderr).toBe(0);
    const token = create.stdout.trim();
    expect(token).toMatch(/^tp_\S+$/);
    const [row] = (await listApiTokens(fixture.db, acme.id)).filter((t) => t.name === 'CI deploy');
    expect(token.startsWith(row!.prefix)).toBe(true);

    const list = await toolplane(['tokens', 'list', '-w', acme.slug]);
    expect(list.stdout).toContain(row!.id);
    expect(list.stdout).toContain(`${row!.prefix}…`);
    expect(list.stdout).not.toContain(token);

    const revoke = await toolplane(['tokens', 'revoke', row!.id, '-w', acme.slug]);
    expect(revoke.code, revoke.stderr).toBe(0);
    const after = await toolplane(['tokens', 'list', '-w', acme.slug, '--json']);
    const revoked = JSON.parse(after.stdout).find((t: { id: string }) => t.id === row!.id);
    expect(revoked.revokedAt).toBeTruthy();

    const nameless = await toolplane(['tokens', 'create', '--name', ' ', '-w', acme.slug]);
    expect(nameless.code).toBe(1);
    expect(nameless.stderr).toMatch(/^\s+name: /m);
  });

  it('names a refused role and an unknown workspace clearly', async () => {
    const viewer = await toolplane(['tokens', 'create', '--name', 'nope', '-w', acme.slug], {
      env: { TOOLPLANE_TOKEN: viewerPat },
    });
    expect(viewer.code).toBe(1);
    expect(viewer.stderr).toMatch(/role|not allowed|permission/i);
    const missing = await toolplane(['tools', 'list', '-w', 'no-such-workspace']);
    expect(missing.code).toBe(1);
    noStack(missing);
    const unchosen = await toolplane(['tools', 'list']);
    expect(unchosen.code).toBe(2);
    expect(unchosen.stderr).toContain('--workspace');
  });

  it('logs out', async () => {
    const run = await toolplane(['logout']);
    expect(run.code).toBe(0);
    await expect(readFile(join(home, 'config', 'toolplane', 'config.json'))).rejects.toThrow();
    const after = await toolplane(['workspaces']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('Not logged in');
  });
});
