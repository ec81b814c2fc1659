import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ChangeNotification,
  getToolByName,
  listenForChanges,
  updateTool,
} from '@toolplane/db';
import { updatePolicy } from '@toolplane/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configJsonSchema } from '../config/config-json-schema';
import { parseConfigFiles } from '../config/parse-config-files';
import type { ConfigFiles, WorkspaceConfig } from '../config/workspace-config';
import { exportHyperterse } from '../hyperterse/export-hyperterse';
import { createGitopsFixture, type GitopsFixture } from '../test-support/create-gitops-fixture';
import { FIXTURES, readFolder } from '../test-support/read-folder';
import { applyWorkspace } from './apply-workspace';
import { exportWorkspace } from './export-workspace';
import { planWorkspace } from './plan-workspace';

let f: GitopsFixture;
const folder = readFolder(join(FIXTURES, 'workspace'));

function parsed(files: ConfigFiles): WorkspaceConfig {
  const result = parseConfigFiles(files);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.config;
}

const names = (items: { kind: string; name: string }[]) =>
  items.map((i) => `${i.kind}:${i.name}`).sort();

beforeAll(async () => {
  f = await createGitopsFixture();
});
afterAll(() => f?.close());

describe('parseConfigFiles', () => {
  it('reads the fixture folder: connectors, secrets, policies, tools with their scripts', () => {
    const config = parsed(folder);
    expect(config.secrets).toEqual(['CACHE_URL', 'MAIN_DATABASE_URL', 'PARTNER_KEY']);
    expect(config.connectors.map((c) => [c.name, c.type, c.connection])).toEqual([
      ['cache', 'redis', { secret: 'CACHE_URL' }],
      ['main', 'postgres', { secret: 'MAIN_DATABASE_URL' }],
    ]);
    const greet = config.tools.find((t) => t.name === 'greet')!;
    expect(greet.kind).toBe('script');
    expect(greet.handler).toMatchObject({ exportName: 'greet' });
    expect(greet.handler?.source).toContain('Hello');
    expect(greet.mappers.input?.source).toContain('trim');
    expect(config.tools.find((t) => t.name === 'users-list')?.inputs).toEqual([
      { name: 'status', type: 'string', description: 'active, invited or suspended' },
      { name: 'limit', type: 'int', default: 20 },
    ]);
  });

  it('names the file, field and line of every problem, and never echoes a credential', () => {
    const result = parseConfigFiles({
      'connectors/x.yaml':
        'kind: connector\nname: x\ntype: postgres\nconnection: postgres://u:hunter2@h/db\n',
      'policies/p.yaml': 'kind: policy\nname: p\nplugin: api_key\nparams:\n  value: s3cret\n',
      'tools/t/tool.yaml': 'kind: tool\nname: t\nhandler: ./missing.ts\nsurprise: 1\n',
      'tools/u/tool.yaml': 'kind: tool\nname: Bad Name\nconnector: x\nstatement: SELECT 1\n',
      'broken.yaml': 'kind: tool\nname: [unclosed\n',
      'nokind.yaml': 'name: what\n',
      'connectors/y.yaml': 'kind: connector\nname: y\ntype: redis\n',
      'dup.yaml': 'kind: connector\nname: y\ntype: redis\n',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const by = (file: string) => result.errors.filter((e) => e.file === file);
    expect(by('connectors/x.yaml')[0]).toMatchObject({ field: 'connection', line: 4 });
    expect(by('policies/p.yaml')[0]).toMatchObject({ field: 'params.value', line: 5 });
    expect(by('tools/t/tool.yaml')[0]?.message).toMatch(/unknown field\(s\): surprise/);
    expect(by('tools/u/tool.yaml')[0]).toMatchObject({ field: 'name', line: 2 });
    expect(by('broken.yaml')[0]).toMatchObject({ field: 'yaml' });
    expect(by('nokind.yaml')[0]?.message).toMatch(/kind: connector, secrets, policy or tool/);
    expect(by('dup.yaml')[0]?.message).toMatch(/also declared in connectors\/y.yaml/);
    expect(JSON.stringify(result.errors)).not.toMatch(/hunter2|s3cret/);
    const missing = parseConfigFiles({
      'tools/t/tool.yaml': 'kind: tool\nname: t\nhandler: ../../../etc/passwd\n',
    });
    expect(missing).toMatchObject({ ok: false, errors: [{ field: 'handler' }] });
  });

  it('refuses paths outside the folder and files that are not text', () => {
    expect(parseConfigFiles({ '../x.yaml': 'kind: secrets\nsecrets: []\n' })).toMatchObject({
      ok: false,
      errors: [{ field: 'path' }],
    });
    expect(parseConfigFiles({ '/etc/x.yaml': 'x' })).toMatchObject({ ok: false });
    expect(parseConfigFiles({ 'a.yaml': 42 })).toMatchObject({
      ok: false,
      errors: [{ field: 'content' }],
    });
    expect(parseConfigFiles('not a map')).toMatchObject({
      ok: false,
      errors: [{ field: 'files' }],
    });
    // Alias expansion is capped: a billion-laughs document is a problem, not a hang.
    const letter = (i: number) => String.fromCharCode(97 + i);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) {
      bomb.push(
        `${letter(i)}: &${letter(i)} [${Array(9)
          .fill(`*${letter(i - 1)}`)
          .join(', ')}]`,
      );
    }
    expect(parseConfigFiles({ 'bomb.yaml': bomb.join('\n') })).toMatchObject({
      ok: false,
      errors: [{ file: 'bomb.yaml', field: 'yaml' }],
    });
  });

  it('keeps the committed JSON Schema equal to the zod schemas (npm run schema -w @toolplane/gitops)', () => {
    // Compared as JSON: the formatter may lay the committed file out differently.
    const committed = readFileSync(join(FIXTURES, '..', 'schema', 'toolplane.schema.json'), 'utf8');
    expect(JSON.parse(committed)).toEqual(configJsonSchema());
  });
});

describe('plan, apply, export', () => {
  it('plans everything as created, applies it in one go, then plans no changes', async () => {
    const ctx = await f.ctx('editor');
    const config = parsed(folder);
    const plan = await planWorkspace(ctx, config);
    expect(plan.problems).toEqual([]);
    expect(names(plan.created)).toEqual([
      'connector:cache',
      'connector:main',
      'policy:partner',
      'tool:cache-get',
      'tool:greet',
      'tool:user-get',
      'tool:users-list',
    ]);
    expect(plan.missingSecrets).toEqual([]);
    await applyWorkspace(ctx, config);
    const tools = await f.sql<{ name: string; version: number }>(
      'SELECT name, version FROM tools WHERE workspace_id = $1 ORDER BY name',
      [f.a.id],
    );
    expect(tools.map((t) => [t.name, t.version])).toEqual([
      ['cache-get', 1],
      ['greet', 1],
      ['user-get', 1],
      ['users-list', 1],
    ]);
    const [main] = await f.sql<{ url_secret_ref: string; options: unknown }>(
      "SELECT url_secret_ref, options FROM connectors WHERE workspace_id = $1 AND name = 'main'",
      [f.a.id],
    );
    expect(main).toEqual({ url_secret_ref: 'MAIN_DATABASE_URL', options: { poolSize: 5 } });

    const again = await planWorkspace(await f.ctx('viewer'), parsed(folder), { prune: true });
    expect(again.created).toEqual([]);
    expect(again.changed).toEqual([]);
    expect(again.deleted).toEqual([]);
    expect(again.problems).toEqual([]);
    // Applying an unchanged folder writes no new versions.
    await applyWorkspace(ctx, parsed(folder));
    const [{ count }] = (await f.sql<{ count: string }>(
      'SELECT count(*) FROM tool_versions WHERE workspace_id = $1',
      [f.a.id],
    )) as [{ count: string }];
    expect(Number(count)).toBe(4);
  });

  it('exports the same format: export → apply elsewhere → export gives the same files', async () => {
    const exported = await exportWorkspace(await f.ctx('viewer'));
    expect(exported.warnings).toEqual([]);
    expect(Object.keys(exported.files).sort()).toEqual([
      'connectors/cache.yaml',
      'connectors/main.yaml',
      'policies/partner.yaml',
      'secrets.yaml',
      'toolplane.schema.json',
      'tools/cache-get/tool.yaml',
      'tools/greet/handler.ts',
      'tools/greet/input-mapper.ts',
      'tools/greet/tool.yaml',
      'tools/user-get/tool.yaml',
      'tools/users-list/tool.yaml',
    ]);
    expect(exported.files['tools/greet/tool.yaml']).toContain('handler: ./handler.ts#greet');
    // The exported folder describes the workspace exactly: no changes.
    const plan = await planWorkspace(await f.ctx('editor'), parsed(exported.files), {
      prune: true,
    });
    expect([...plan.created, ...plan.changed, ...plan.deleted]).toEqual([]);
    // Applied to another workspace, it exports to the very same files.
    await applyWorkspace(await f.ctx('owner', 'b'), parsed(exported.files));
    const fromB = await exportWorkspace(await f.ctx('owner', 'b'));
    expect(fromB.files).toEqual(exported.files);
  });

  it('plans a changed tool with its field diff and applies it as a new version of that tool only', async () => {
    const changed = {
      ...folder,
      'tools/user-get/tool.yaml': folder['tools/user-get/tool.yaml']!.replace(
        'SELECT id, email FROM',
        'SELECT id, email, status FROM',
      ),
    };
    const ctx = await f.ctx('editor');
    const plan = await planWorkspace(ctx, parsed(changed));
    expect(plan.changed).toEqual([
      {
        kind: 'tool',
        name: 'user-get',
        changes: [
          {
            field: 'statement',
            before: 'SELECT id, email FROM users WHERE id = {{ inputs.id }}',
            after: 'SELECT id, email, status FROM users WHERE id = {{ inputs.id }}',
          },
        ],
      },
    ]);
    await applyWorkspace(ctx, parsed(changed));
    const versions = await f.sql<{ name: string; version: number }>(
      'SELECT name, version FROM tools WHERE workspace_id = $1 ORDER BY name',
      [f.a.id],
    );
    expect(versions.map((t) => `${t.name}@${t.version}`)).toEqual([
      'cache-get@1',
      'greet@1',
      'user-get@2',
      'users-list@1',
    ]);
    await applyWorkspace(ctx, parsed(folder));
  });

  it('is atomic: an item failing mid-apply leaves nothing half-applied and announces nothing', async () => {
    const ctx = await f.ctx('editor');
    const before = await f.sql(
      'SELECT id, name, version FROM tools WHERE workspace_id = $1 ORDER BY id',
      [f.a.id],
    );
    const audits = await f.sql('SELECT id FROM audit_events WHERE workspace_id = $1', [f.a.id]);
    const heard: ChangeNotification[] = [];
    const listener = await listenForChanges({
      databaseUrl: f.database.url,
      onChange: (c) => heard.push(c),
    });
    try {
      const config = parsed({
        ...folder,
        'connectors/extra.yaml':
          'kind: connector\nname: extra\ntype: redis\nconnection: "{{ env.CACHE_URL }}"\n',
        'policies/extra.yaml': 'kind: policy\nname: extra\nplugin: allow_all\n',
        'tools/users-list/tool.yaml': folder['tools/users-list/tool.yaml']!.replace(
          'ttl: 60',
          'ttl: 61',
        ),
      });
      // Valid for the folder's schema, refused by the tool service once the rest is written.
      const bad = {
        ...config.tools.find((t) => t.name === 'greet')!,
        name: 'zz-late',
        timeoutMs: 10_000_000,
      };
      const error = await applyWorkspace(ctx, { ...config, tools: [...config.tools, bad] }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({
        code: 'INVALID',
        fieldErrors: { 'tools/zz-late/tool.yaml#timeoutMs': expect.any(String) },
      });
      expect(
        await f.sql('SELECT id, name, version FROM tools WHERE workspace_id = $1 ORDER BY id', [
          f.a.id,
        ]),
      ).toEqual(before);
      expect(await f.sql("SELECT id FROM connectors WHERE name = 'extra'")).toEqual([]);
      expect(await f.sql("SELECT id FROM auth_policies WHERE name = 'extra'")).toEqual([]);
      expect(await f.sql('SELECT id FROM audit_events WHERE workspace_id = $1', [f.a.id])).toEqual(
        audits,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);
      // The same apply without the bad tool commits, and only then is it announced.
      await applyWorkspace(ctx, config);
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      expect(heard.every((c) => c.workspaceId === f.a.id)).toBe(true);
    } finally {
      await listener.close();
    }
  });

  it('prunes exactly what the plan lists as deleted', async () => {
    const ctx = await f.ctx('editor');
    const ids = await f.sql<{ id: string; name: string }>(
      'SELECT id, name FROM tools WHERE workspace_id = $1 ORDER BY name',
      [f.a.id],
    );
    const plan = await planWorkspace(ctx, parsed(folder), { prune: true });
    expect(names(plan.deleted)).toEqual(['connector:extra', 'policy:extra']);
    expect(plan.problems).toEqual([]);
    const withoutCacheTool = { ...folder };
    delete withoutCacheTool['tools/cache-get/tool.yaml'];
    const pruning = await planWorkspace(ctx, parsed(withoutCacheTool), { prune: true });
    expect(names(pruning.deleted)).toEqual(['connector:extra', 'policy:extra', 'tool:cache-get']);
    // Without prune nothing is deleted.
    await applyWorkspace(ctx, parsed(withoutCacheTool));
    expect((await f.sql('SELECT id FROM tools WHERE workspace_id = $1', [f.a.id])).length).toBe(4);
    const applied = await applyWorkspace(ctx, parsed(withoutCacheTool), { prune: true });
    expect(names(applied.deleted)).toEqual(names(pruning.deleted));
    const after = await f.sql<{ id: string; name: string }>(
      'SELECT id, name FROM tools WHERE workspace_id = $1 ORDER BY name',
      [f.a.id],
    );
    expect(after).toEqual(ids.filter((t) => t.name !== 'cache-get'));
    expect(
      (
        await f.sql('SELECT name FROM connectors WHERE workspace_id = $1 ORDER BY name', [f.a.id])
      ).map((r) => r.name),
    ).toEqual(['cache', 'main']);
    // Workspace b, applied from the same folder earlier, is untouched.
    expect((await f.sql('SELECT id FROM tools WHERE workspace_id = $1', [f.b.id])).length).toBe(4);
  });

  it('refuses to prune a secret that is still referenced, or a connector a remaining tool uses', async () => {
    const ctx = await f.ctx('editor');
    const noSecrets = {
      ...folder,
      'secrets.yaml': 'kind: secrets\nsecrets: [CACHE_URL, PARTNER_KEY]\n',
    };
    const plan = await planWorkspace(ctx, parsed(noSecrets), { prune: true });
    expect(plan.problems).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/MAIN_DATABASE_URL is still referenced/),
      }),
    ]);
    await expect(applyWorkspace(ctx, parsed(noSecrets), { prune: true })).rejects.toMatchObject({
      code: 'INVALID',
    });
    expect(
      (
        await f.sql(
          "SELECT id FROM secrets WHERE workspace_id = $1 AND name = 'MAIN_DATABASE_URL'",
          [f.a.id],
        )
      ).length,
    ).toBe(1);
  });

  it('changes connectors and policies field by field, and keeps credentials the folder leaves out', async () => {
    const ctx = await f.freshWorkspace('credentials');
    await applyWorkspace(ctx, parsed(folder));
    // A literal credential, as the dashboard may store it: never exported, kept by apply.
    await f.sql(
      `UPDATE auth_policies SET params = '{"value": "literal-sekret", "header": "X-Partner-Key"}' WHERE workspace_id = $1`,
      [ctx.workspace.id],
    );
    const exported = await exportWorkspace(ctx);
    expect(exported.warnings).toEqual([
      expect.stringMatching(/policy partner: params.value is a literal credential/),
    ]);
    expect(JSON.stringify(exported.files)).not.toContain('literal-sekret');
    const unchanged = await planWorkspace(ctx, parsed(exported.files), { prune: true });
    expect([...unchanged.created, ...unchanged.changed, ...unchanged.deleted]).toEqual([]);
    expect(unchanged.problems).toEqual([]);

    const edited = {
      ...exported.files,
      'connectors/main.yaml': exported.files['connectors/main.yaml']!.replace(
        'poolSize: 5',
        'poolSize: 7',
      ).replace('The application database', 'The main database'),
      'policies/partner.yaml': exported.files['policies/partner.yaml']!.replace(
        'header: X-Partner-Key',
        'header: X-Key',
      ),
    };
    const plan = await planWorkspace(ctx, parsed(edited));
    expect(plan.changed).toEqual([
      {
        kind: 'policy',
        name: 'partner',
        changes: [
          {
            field: 'params',
            before: { value: '[redacted]', header: 'X-Partner-Key' },
            after: { value: '[redacted]', header: 'X-Key' },
          },
        ],
      },
      {
        kind: 'connector',
        name: 'main',
        changes: [
          { field: 'description', before: 'The application database', after: 'The main database' },
          { field: 'options', before: { poolSize: 5 }, after: { poolSize: 7 } },
        ],
      },
    ]);
    await applyWorkspace(ctx, parsed(edited));
    const [policy] = await f.sql<{ params: unknown }>(
      'SELECT params FROM auth_policies WHERE workspace_id = $1',
      [ctx.workspace.id],
    );
    // Kept, and encrypted by this save (a legacy plaintext row is encrypted by its next save).
    expect(policy?.params).toEqual({
      value: { $encrypted: expect.stringMatching(/^v1\./) },
      header: 'X-Key',
    });
    expect(JSON.stringify(policy)).not.toContain('literal-sekret');
    const reexported = await exportWorkspace(ctx);
    expect(JSON.stringify(reexported.files)).not.toContain('$encrypted');
    const again = await planWorkspace(ctx, parsed(reexported.files), { prune: true });
    expect([...again.created, ...again.changed, ...again.deleted, ...again.problems]).toEqual([]);
    const [main] = await f.sql<{ description: string; options: unknown; url_secret_ref: string }>(
      "SELECT description, options, url_secret_ref FROM connectors WHERE workspace_id = $1 AND name = 'main'",
      [ctx.workspace.id],
    );
    expect(main).toEqual({
      description: 'The main database',
      options: { poolSize: 7 },
      url_secret_ref: 'MAIN_DATABASE_URL',
    });
  });

  it('applies, exports and re-plans a script policy that names an export (path#name)', async () => {
    const ctx = await f.freshWorkspace('policy-export');
    const source = 'export function check() {\n  return true;\n}\n';
    const files = (script: string): ConfigFiles => ({
      'policies/gate.yaml': `kind: policy\nname: gate\nplugin: script\nscript: ${script}\n`,
      'policies/gate.ts': source,
    });
    const stored = async () =>
      f.sql<{ script_source: string; script_export: string | null }>(
        "SELECT script_source, script_export FROM auth_policies WHERE workspace_id = $1 AND name = 'gate'",
        [ctx.workspace.id],
      );

    await applyWorkspace(ctx, parsed(files('./gate.ts#check')));
    expect(await stored()).toEqual([{ script_source: source, script_export: 'check' }]);
    const exported = await exportWorkspace(ctx);
    expect(exported.files['policies/gate.yaml']).toContain('script: ./gate.ts#check');
    expect(exported.files['policies/gate.ts']).toBe(source);
    const same = await planWorkspace(ctx, parsed(exported.files), { prune: true });
    expect([...same.created, ...same.changed, ...same.deleted]).toEqual([]);

    // A dashboard save sends no export: it keeps the one the folder set.
    const [row] = await f.sql<{ id: string; version: number }>(
      "SELECT id, version FROM auth_policies WHERE workspace_id = $1 AND name = 'gate'",
      [ctx.workspace.id],
    );
    await updatePolicy(ctx, row!.id, {
      name: 'gate',
      description: 'edited in the dashboard',
      plugin: 'script',
      scriptSource: source,
      expectedVersion: row!.version,
    });
    expect(await stored()).toEqual([{ script_source: source, script_export: 'check' }]);

    // Back to the default export: a field change on `script`, and the export is cleared.
    const toDefault = await planWorkspace(ctx, parsed(files('./gate.ts')));
    expect(toDefault.changed.map((c) => [c.name, c.changes.map((x) => x.field)])).toEqual([
      ['gate', ['description', 'script']],
    ]);
    await applyWorkspace(ctx, parsed(files('./gate.ts#default')));
    expect(await stored()).toEqual([{ script_source: source, script_export: null }]);
    expect((await exportWorkspace(ctx)).files['policies/gate.yaml']).toContain(
      'script: ./gate.ts\n',
    );
    // Not an identifier: refused where the file says it, before anything is stored.
    expect(parseConfigFiles(files('./gate.ts#no-such-thing'))).toMatchObject({
      ok: false,
      errors: [{ file: 'policies/gate.yaml', field: 'script' }],
    });
  });

  it('never rewrites a tool whose inline auth block a folder cannot express', async () => {
    const ctx = await f.freshWorkspace('inline');
    await applyWorkspace(ctx, parsed(folder));
    await f.sql(
      `UPDATE tools SET auth_inline = '{"plugin": "api_key", "params": {"value": "k"}}' WHERE workspace_id = $1 AND name = 'greet'`,
      [ctx.workspace.id],
    );
    expect((await exportWorkspace(ctx)).warnings).toEqual([
      expect.stringMatching(/tool greet: its inline auth/),
    ]);
    const changed = {
      ...folder,
      'tools/greet/tool.yaml': folder['tools/greet/tool.yaml']!.replace('Says hello', 'Says hi'),
    };
    const plan = await planWorkspace(ctx, parsed(changed));
    expect(plan.problems).toEqual([
      expect.objectContaining({ file: 'tools/greet/tool.yaml', field: 'auth' }),
    ]);
    await expect(applyWorkspace(ctx, parsed(changed))).rejects.toMatchObject({ code: 'INVALID' });
    const [greet] = await f.sql<{ auth_inline: unknown }>(
      "SELECT auth_inline FROM tools WHERE workspace_id = $1 AND name = 'greet'",
      [ctx.workspace.id],
    );
    expect(greet?.auth_inline).toEqual({ plugin: 'api_key', params: { value: 'k' } });
    const hyperterse = await exportHyperterse(ctx);
    expect(Object.keys(hyperterse.files)).not.toContain('app/tools/greet/config.terse');
    expect(hyperterse.findings).toContainEqual(
      expect.objectContaining({ tool: 'greet', severity: 'error' }),
    );
  });

  it('exports neither the key nor the ciphertext of a sealed inline auth block, and keeps it', async () => {
    const ctx = await f.freshWorkspace('inline-sealed');
    await applyWorkspace(ctx, parsed(folder));
    const KEY = 'gitops-inline-key-3e9b';
    const greet = await getToolByName(f.db, ctx.workspace.id, 'greet');
    await updateTool(
      f.db,
      ctx.workspace.id,
      greet!.id,
      {
        expectedVersion: greet!.version,
        authInline: { plugin: 'api_key', params: { value: KEY, header: 'X-Key' } },
      },
      { keyring: f.deps.keyring },
    );
    const [stored] = await f.sql<{ auth_inline: unknown }>(
      'SELECT auth_inline FROM tools WHERE id = $1',
      [greet!.id],
    );
    expect(JSON.stringify(stored)).toContain('$encrypted');
    const exported = await exportWorkspace(ctx);
    expect(exported.warnings).toEqual([expect.stringMatching(/tool greet: its inline auth/)]);
    const hyperterse = await exportHyperterse(ctx);
    for (const output of [exported, hyperterse]) {
      expect(JSON.stringify(output)).not.toContain(KEY);
      expect(JSON.stringify(output)).not.toContain('$encrypted');
    }
    // The exported folder applies back as no change: the sealed block stays as stored.
    expect(await applyWorkspace(ctx, parsed(exported.files))).toMatchObject({
      created: [],
      changed: [],
    });
    const [after] = await f.sql<{ auth_inline: unknown }>(
      'SELECT auth_inline FROM tools WHERE id = $1',
      [greet!.id],
    );
    expect(after).toEqual(stored);
  });

  it('authorizes per role: everyone plans and exports, only editors and above apply', async () => {
    const config = parsed(folder);
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
      const ctx = await f.ctx(role);
      await expect(planWorkspace(ctx, config)).resolves.toBeDefined();
      await expect(exportWorkspace(ctx)).resolves.toBeDefined();
      const applied = applyWorkspace(ctx, config);
      if (role === 'viewer') await expect(applied).rejects.toMatchObject({ code: 'FORBIDDEN' });
      else await expect(applied).resolves.toBeDefined();
    }
    // Not a member: the workspace does not exist for them.
    await expect(f.ctx('stranger')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps workspaces apart: a folder cannot name another tenant’s connector', async () => {
    const ctx = await f.ctx('owner', 'b');
    await applyWorkspace(ctx, {
      ...parsed(folder),
      connectors: [
        ...parsed(folder).connectors,
        {
          name: 'only-in-b',
          type: 'redis',
          description: '',
          connection: { secret: 'CACHE_URL' },
          options: {},
        },
      ],
    });
    const usesB = {
      ...folder,
      'tools/cross/tool.yaml': 'kind: tool\nname: cross\nconnector: only-in-b\nstatement: GET x\n',
    };
    const plan = await planWorkspace(await f.ctx('owner', 'a'), parsed(usesB));
    expect(plan.problems).toEqual([
      {
        file: 'tools/cross/tool.yaml',
        field: 'connector',
        message: expect.stringMatching(/only-in-b is not in the workspace/),
      },
    ]);
    const exportedA = await exportWorkspace(await f.ctx('owner', 'a'));
    expect(Object.keys(exportedA.files)).not.toContain('connectors/only-in-b.yaml');
  });
});
