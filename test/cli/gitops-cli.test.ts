// `toolplane plan / apply / export / import` end to end: the real bin (built from source) as a
// child process against the real REST API on node:http. The CLI only reads and writes files and
// calls the API; these tests check it never needs more.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiFixture, createApiFixture } from '@toolplane/api/test-support';
import {
  addMembership,
  createPersonalAccessToken,
  createUser,
  createWorkspace,
  setSecret,
} from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'packages', 'cli');
const BIN = join(CLI, 'bin', 'toolplane.js');
const FIXTURES = join(ROOT, 'packages', 'gitops', 'fixtures');

let api: ApiFixture;
let home: string;
let editor: string;
let viewer: string;

function toolplane(
  args: string[],
  token = editor,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        TOOLPLANE_TOKEN: token,
        TOOLPLANE_API_URL: api.origin,
        TOOLPLANE_WORKSPACE: 'acme',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
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
  });
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, [join(CLI, 'build.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`CLI build failed:\n${build.stderr}`);
  home = mkdtempSync(join(tmpdir(), 'toolplane-gitops-cli-'));
  api = await createApiFixture();
  const owner = await createUser(api.db, { email: 'owner@gitops-cli.test' });
  const reader = await createUser(api.db, { email: 'viewer@gitops-cli.test' });
  const acme = await createWorkspace(api.db, api.deps.keyring, {
    slug: 'acme',
    name: 'Acme',
    ownerUserId: owner.id,
  });
  await addMembership(api.db, acme.id, { userId: reader.id, role: 'viewer' });
  for (const name of ['MAIN_DATABASE_URL', 'CACHE_URL', 'PARTNER_KEY']) {
    await setSecret(api.db, api.deps.keyring, acme.id, { name, value: `v-${name}` });
  }
  editor = (await createPersonalAccessToken(api.db, owner.id, { name: 'cli' })).plaintext;
  viewer = (await createPersonalAccessToken(api.db, reader.id, { name: 'cli' })).plaintext;
}, 120_000);

afterAll(async () => {
  await api?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('toolplane plan / apply / export / import', () => {
  const folder = join(FIXTURES, 'workspace');

  it('plans, applies, exports, and plans the export as unchanged', async () => {
    const plan = await toolplane(['plan', folder]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('+ tool users-list');
    expect(plan.stdout).toContain('7 to create');
    const denied = await toolplane(['apply', folder], viewer);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/does not allow/);
    const apply = await toolplane(['apply', folder]);
    expect(apply.code, apply.stderr).toBe(0);
    const out = join(home, 'exported');
    const exported = await toolplane(['export', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(join(out, 'tools', 'greet', 'handler.ts'), 'utf8')).toContain('Hello');
    const again = await toolplane(['plan', out, '--prune']);
    expect(again.stdout).toContain('No changes');
  });

  it('reports a broken folder with each file and field, exit 1, no stack trace', async () => {
    const broken = join(home, 'broken');
    mkdirSync(join(broken, 'connectors'), { recursive: true });
    writeFileSync(
      join(broken, 'connectors', 'x.yaml'),
      'kind: connector\nname: x\ntype: postgres\nconnection: postgres://u:hunter2@h/db\n',
    );
    const run = await toolplane(['apply', broken]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('connectors/x.yaml#connection: line 4:');
    expect(run.stderr).not.toContain('hunter2');
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('imports a Hyperterse project with a dry run first, then exports it as Hyperterse', async () => {
    const dry = await toolplane(['import', join(FIXTURES, 'hyperterse-v2'), '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('UNSUPPORTED_CONNECTOR');
    expect(dry.stdout).toMatch(/STATEMENT_REFUSED .*broken.* 2:10/);
    expect(dry.stdout).toContain('SYNC_FETCH');
    expect(dry.stderr).toContain('Dry run: nothing was written.');
    const real = await toolplane(['import', join(FIXTURES, 'hyperterse-v1', 'shop.terse')]);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toContain('+ tool find-user');
    const out = join(home, 'hyperterse');
    const exported = await toolplane(['export', out, '--hyperterse']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(join(out, 'app', 'tools', 'find-user', 'config.terse'), 'utf8')).toContain(
      "'{{ inputs.email }}'",
    );
  });
});
