import { join } from 'node:path';
import { bindParams } from '@toolplane/pipeline';
import { compileStatement, type InputSpec } from '@toolplane/pipeline/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfigFiles } from '../config/parse-config-files';
import type { ToolSpec } from '../config/workspace-config';
import { createGitopsFixture, type GitopsFixture } from '../test-support/create-gitops-fixture';
import { FIXTURES, readFolder } from '../test-support/read-folder';
import { exportWorkspace } from '../workspace/export-workspace';
import { readWorkspaceState } from '../workspace/read-workspace-state';
import { exportHyperterse } from './export-hyperterse';
import { importHyperterse } from './import-hyperterse';
import { planHyperterseImport } from './plan-hyperterse-import';
import { writeHyperterseProject } from './write-hyperterse-project';

const v2 = readFolder(join(FIXTURES, 'hyperterse-v2'));
const v1 = readFolder(join(FIXTURES, 'hyperterse-v1'));
let f: GitopsFixture;

beforeAll(async () => {
  f = await createGitopsFixture();
});
afterAll(() => f?.close());

const tool = (tools: ToolSpec[], name: string) => {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('planHyperterseImport (no database)', () => {
  const plan = planHyperterseImport(v2);
  const { tools } = plan.config;

  it('reads the v2 layout: recursive adapters and tools, nested and explicit names', () => {
    expect(plan).toMatchObject({ format: 'v2', project: 'shop' });
    expect(plan.config.connectors.map((c) => [c.name, c.type, c.connection])).toEqual([
      ['main', 'postgres', { secret: 'SHOP_DB_URL' }],
      ['sessions', 'redis', { secret: 'REDIS_URL' }],
    ]);
    expect(tools.map((t) => t.name)).toEqual([
      'greeting',
      'orders-recent-orders',
      'session',
      'user-get',
      'users-list',
      'weather',
    ]);
    expect(plan.config.secrets).toEqual(['JWT_SECRET', 'PARTNER_KEY', 'REDIS_URL', 'SHOP_DB_URL']);
    expect(tool(tools, 'users-list').inputs).toEqual([
      { name: 'status', type: 'string' },
      { name: 'limit', type: 'int', default: 50 },
    ]);
  });

  it('discovers handlers and mappers by convention, and resolves path#export references', () => {
    const weather = tool(tools, 'weather');
    expect(weather.kind).toBe('script');
    expect(weather.handler?.source).toContain('weather.example.com');
    expect(weather.mappers.input?.source).toContain('trim()');
    expect(weather.mappers.output?.source).toContain('celsius');
    const greeting = tool(tools, 'greeting');
    expect(greeting.handler).toMatchObject({ exportName: 'greet' });
    // A bare path is looked up in the tool's folder, then at the project root.
    expect(greeting.mappers.output).toMatchObject({ exportName: 'shout' });
    expect(greeting.mappers.output?.source).toContain('toUpperCase');
  });

  it('keeps auth blocks as policies (one per distinct block) and folds root cache into tools', () => {
    expect(plan.config.policies).toEqual([
      expect.objectContaining({
        name: 'orders-recent-orders-auth',
        plugin: 'api_key',
        params: { value: '{{ env.PARTNER_KEY }}' },
      }),
      expect.objectContaining({
        name: 'session-auth',
        plugin: 'jwt',
        params: { secret: '{{ env.JWT_SECRET }}', audience: ['app', 'admin'] },
      }),
    ]);
    expect(tool(tools, 'user-get').auth).toBe('orders-recent-orders-auth');
    expect(tool(tools, 'users-list').cache).toEqual({ enabled: true, ttl: 30 });
    expect(tool(tools, 'user-get').cache).toEqual({ enabled: false, ttl: null });
    expect(tool(tools, 'orders-recent-orders').cache).toEqual({ enabled: true, ttl: 300 });
    expect(tools.every((t) => !t.legacyPlaceholders)).toBe(true);
  });

  it('reports, never drops: unsupported connectors, refused statements, sync fetch, options', () => {
    const codes = plan.findings.map((f) => `${f.code} ${f.file}${f.tool ? ` ${f.tool}` : ''}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        'UNSUPPORTED_CONNECTOR app/adapters/analytics.terse',
        'TOOL_SKIPPED app/tools/events/config.terse events',
        'STATEMENT_REFUSED app/tools/broken/config.terse broken',
        'TOOL_SKIPPED app/tools/broken/config.terse broken',
        'SYNC_FETCH app/tools/weather/handler.ts weather',
        'NO_EQUIVALENT app/adapters/main.terse',
      ]),
    );
    expect(plan.findings.find((f) => f.code === 'STATEMENT_REFUSED')).toMatchObject({
      line: 2,
      column: 10,
      message: expect.stringMatching(/ORDER BY/),
      fix: expect.stringMatching(/CASE/),
    });
    expect(plan.findings.find((f) => f.code === 'SYNC_FETCH')).toMatchObject({
      line: 2,
      fix: expect.stringMatching(/await/),
    });
    expect(plan.findings.find((f) => f.field === 'options.sslmode')?.fix).toMatch(/SHOP_DB_URL/);
    expect(plan.findings.find((f) => f.tool === 'events')?.message).toMatch(/mongodb/);
    expect(plan.findings.find((f) => f.file === '.hyperterse')).toMatchObject({
      code: 'NO_EQUIVALENT',
      field: 'server.port, server.log_level',
    });
  });

  it('warns when a nested tool’s script reads `tool` (a folder path there, a name here)', () => {
    const nested = planHyperterseImport({
      '.hyperterse': 'name: p\n',
      'app/tools/users/show/config.terse': 'description: x\n',
      'app/tools/users/show/handler.ts': 'export default ({ tool }) => ({ tool });\n',
    });
    expect(nested.config.tools.map((t) => t.name)).toEqual(['users-show']);
    expect(nested.findings).toEqual([
      expect.objectContaining({
        code: 'NO_EQUIVALENT',
        tool: 'users-show',
        message: expect.stringMatching(/users\/show/),
      }),
    ]);
  });

  it('reads the v1 single file: queries become legacy tools, the server cache is folded in', () => {
    const legacy = planHyperterseImport(v1);
    expect(legacy).toMatchObject({ format: 'v1', project: 'legacy-shop' });
    expect(legacy.findings).toEqual([
      expect.objectContaining({ code: 'NO_EQUIVALENT', field: 'server.port', severity: 'warning' }),
    ]);
    expect(legacy.config.tools.map((t) => [t.name, t.legacyPlaceholders, t.cache])).toEqual([
      ['count-orders', true, { enabled: false, ttl: null }],
      ['find-user', true, { enabled: true, ttl: 60 }],
    ]);
  });

  it('appends SQL options to a literal URL (as Hyperterse does) and flags the literal credential', () => {
    const literal = planHyperterseImport({
      '.hyperterse': 'name: p\n',
      'app/adapters/db.terse':
        'connector: mysql\nconnection_string: mysql://app:pw@127.0.0.1/shop\noptions:\n  charset: utf8mb4\n',
      'app/adapters/kv.terse':
        'connector: redis\nconnection_string: "{{ env.KV_URL }}"\noptions:\n  db: 2\n',
      'app/adapters/mixed.terse':
        'connector: postgres\nconnection_string: postgres://{{ env.USER }}@db/app\n',
    });
    expect(literal.config.connectors.map((c) => [c.name, c.connection])).toEqual([
      ['db', { url: 'mysql://app:pw@127.0.0.1/shop?charset=utf8mb4' }],
      ['kv', { secret: 'KV_URL' }],
      ['mixed', { secret: 'MIXED_URL' }],
    ]);
    expect(literal.findings.map((f) => `${f.code} ${f.file} ${f.field}`)).toEqual([
      'LITERAL_CREDENTIAL app/adapters/db.terse connection_string',
      'NO_EQUIVALENT app/adapters/kv.terse options.db',
      'SECRET_NEEDED app/adapters/mixed.terse connection_string',
    ]);
    expect(JSON.stringify(literal.findings)).not.toContain(':pw@');
  });

  it('refuses hostile or foreign input with findings, not exceptions', () => {
    expect(planHyperterseImport({ '../.hyperterse': 'name: x' }).findings[0]).toMatchObject({
      code: 'INVALID_FILE',
      field: 'path',
    });
    expect(planHyperterseImport({ 'README.md': '# hi' }).findings[0]?.message).toMatch(
      /no .hyperterse root file/,
    );
    const badTool = planHyperterseImport({
      '.hyperterse': 'name: p\n',
      'app/adapters/db.terse': 'connector: postgres\nconnection_string: "{{ env.DB }}"\n',
      'app/tools/x/config.terse': 'use: db\nstatement: SELECT 1\nsurprise: true\n',
      'app/tools/y/config.terse': 'handler: ../../../../etc/passwd\n',
    });
    expect(badTool.config.tools).toEqual([]);
    expect(badTool.findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['INVALID_FILE', 'SCRIPT_MISSING']),
    );
    expect(badTool.findings.find((f) => f.code === 'INVALID_FILE')?.message).toMatch(/surprise/);
  });
});

describe('writeHyperterseProject (no database)', () => {
  it('writes a valid v2 project and lists what Hyperterse cannot express', () => {
    const folder = parseConfigFiles(readFolder(join(FIXTURES, 'workspace')));
    if (!folder.ok) throw new Error('fixture folder does not parse');
    const { files, findings } = writeHyperterseProject(folder.config, 'acme');
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        '.hyperterse',
        'app/adapters/main.terse',
        'app/tools/greet/handler.ts',
        'app/tools/greet/input.ts',
      ]),
    );
    expect(findings.map((f) => `${f.tool ?? f.file} ${f.field}`).sort()).toEqual([
      'app/adapters/main.terse options.poolSize',
      'greet timeoutMs',
      'users-list rowLimit',
      'users-list title',
    ]);
    const back = planHyperterseImport(files);
    expect(back.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(back.config.tools.map((t) => t.name)).toEqual(folder.config.tools.map((t) => t.name));
  });
});

describe('importHyperterse and exportHyperterse', () => {
  it('a dry run writes nothing and lists what it would do and the secrets still to set', async () => {
    const ctx = await f.ctx('editor');
    const count = async () =>
      (
        await f.sql(
          'SELECT id FROM tools UNION ALL SELECT id FROM connectors UNION ALL SELECT id FROM auth_policies',
        )
      ).length;
    const before = await count();
    const result = await importHyperterse(ctx, v2, { dryRun: true });
    expect(result.dryRun).toBe(true);
    expect(result.plan.created.filter((i) => i.kind === 'tool')).toHaveLength(6);
    // The fixture workspace has PARTNER_KEY set, not the others.
    expect(result.secretsToSet).toEqual(['JWT_SECRET', 'REDIS_URL', 'SHOP_DB_URL']);
    expect(await count()).toBe(before);
    await expect(
      importHyperterse(await f.ctx('viewer'), v2, { dryRun: true }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('v2 round trip: import → export → import gives the same workspace', async () => {
    const first = await f.freshWorkspace('first');
    const imported = await importHyperterse(first, v2);
    expect(imported.plan.problems).toEqual([]);
    const state = await readWorkspaceState(f.db, first.workspace.id);
    expect(state.config.tools.map((t) => t.name)).toHaveLength(6);

    const exported = await exportHyperterse(first);
    expect(exported.files['.hyperterse']).toContain('name: first');
    expect(exported.files['app/adapters/main.terse']).toContain(
      'connection_string: "{{ env.SHOP_DB_URL }}"',
    );
    expect(exported.files['app/tools/users-list/config.terse']).toContain("'{{ inputs.status }}'");
    expect(exported.files['app/tools/user-get/config.terse']).toContain(
      'value: "{{ env.PARTNER_KEY }}"',
    );
    expect(exported.files['app/tools/greeting/config.terse']).toContain(
      'handler: ./handler.ts#greet',
    );
    expect(exported.findings.filter((x) => x.severity === 'error')).toEqual([]);
    // The export is a v2 project that reads back without errors.
    expect(
      planHyperterseImport(exported.files).findings.filter((x) => x.severity === 'error'),
    ).toEqual([]);

    const second = await f.freshWorkspace('second');
    await importHyperterse(second, exported.files);
    expect((await exportWorkspace(second)).files).toEqual((await exportWorkspace(first)).files);
  });

  it('v1 import then export gives a v2 project with quoted placeholders, the same meaning and no legacy flag', async () => {
    const legacy = await f.freshWorkspace('legacy');
    await importHyperterse(legacy, v1);
    const imported = await readWorkspaceState(f.db, legacy.workspace.id);
    const before = tool(imported.config.tools, 'find-user');
    expect(before.legacyPlaceholders).toBe(true);

    const exported = await exportHyperterse(legacy);
    expect(Object.keys(exported.files)).toContain('.hyperterse');
    const text = exported.files['app/tools/find-user/config.terse']!;
    expect(text).toContain("email = '{{ inputs.email }}' AND status = '{{ inputs.status }}'");
    expect(text).not.toMatch(/legacy/i);

    const modern = await f.freshWorkspace('modern');
    const result = await importHyperterse(modern, exported.files);
    expect(result.format).toBe('v2');
    const after = tool(
      (await readWorkspaceState(f.db, modern.workspace.id)).config.tools,
      'find-user',
    );
    expect(after.legacyPlaceholders).toBe(false);

    // Same meaning: the same SQL text and the same bound values, with and without the inputs.
    const specs = (t: ToolSpec) =>
      new Map<string, InputSpec>(
        t.inputs.map((i) => [
          i.name,
          {
            name: i.name,
            type: i.type,
            optional: i.optional ?? false,
            description: i.description,
            default: i.default,
          },
        ]),
      );
    const old = compileStatement(before.statement!, {
      connectorType: 'postgres',
      inputs: specs(before),
      legacyPlaceholders: true,
    }).compiled;
    const now = compileStatement(after.statement!, {
      connectorType: 'postgres',
      inputs: specs(after),
    }).compiled;
    expect(old && 'text' in old && now && 'text' in now).toBeTruthy();
    if (!old || !now || !('text' in old) || !('text' in now)) return;
    expect(now.text).toBe(old.text);
    const samples: Record<string, string>[] = [
      { email: "o'brien@example.com", status: 'active' },
      { email: 'x@example.com' },
    ];
    for (const inputs of samples) {
      expect(bindParams(now.params, { inputs, env: {} })).toEqual(
        bindParams(old.params, { inputs, env: {} }),
      );
    }
  });

  it('exports for every role but imports only for editors and above', async () => {
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
      await expect(exportHyperterse(await f.ctx(role))).resolves.toBeDefined();
    }
    await expect(importHyperterse(await f.ctx('viewer'), v1)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await f.sql("SELECT id FROM tools WHERE workspace_id = $1 AND name = 'find-user'", [f.a.id]),
    ).toEqual([]);
  });
});
