import { randomBytes } from 'node:crypto';
import {
  createAuthPolicy,
  createTool as createToolRow,
  createUser,
  createWorkspace,
  getWorkspaceDataKey,
  openInlineAuth,
  toolDefinitionOf,
} from '@toolplane/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { getTool, getToolHistory } from './get-tool';
import { listTools } from './list-tools';
import { rollbackTool } from './rollback-tool';
import { updateTool } from './save-tool';
import { submittedToolDraft, type ToolDraft } from './tool-draft';

// A tool's inline auth block is sealed at rest; what the services show or audit holds neither
// the key nor its ciphertext.
const KEY = 'svc-inline-key-6a1f';
const LEGACY = 'svc-legacy-inline-key-0b7d';
const apiKey = (value: string) => ({ plugin: 'api_key', params: { value, header: 'X-K' } });

let f: ServiceFixture;
let pool: pg.Pool;
let ctx: WorkspaceContext;

beforeAll(async () => {
  f = await createServiceFixture();
  pool = new pg.Pool({ connectionString: f.database.url, max: 1 });
  const user = await createUser(f.db, {
    email: `inline-${randomBytes(3).toString('hex')}@example.com`,
  });
  const workspace = await createWorkspace(f.db, f.deps.keyring, {
    slug: 'inline',
    name: 'Inline',
    ownerUserId: user.id,
  });
  ctx = {
    deps: f.deps,
    actor: { userId: user.id, requestId: 'test' },
    workspace,
    role: 'owner',
  };
});
afterAll(async () => {
  await pool?.end();
  await f?.close();
});

describe('inline auth credentials through the tool services', () => {
  it('shows, lists and versions a sealed block redacted, and rollback seals a legacy version', async () => {
    const workspaceId = ctx.workspace.id;
    const tool = await createToolRow(
      f.db,
      workspaceId,
      {
        name: 'inline_guarded',
        kind: 'script',
        handlerSource: 'export default () => 1',
        authInline: apiKey(KEY),
      },
      { keyring: f.deps.keyring },
    );
    const shown = [
      await getTool(ctx, tool.id),
      await getToolHistory(ctx, tool.id),
      await listTools(ctx),
    ];
    expect((shown[2] as unknown[])[0]).toEqual(shown[0]);
    expect(shown[0]).toMatchObject({
      authInline: { plugin: 'api_key', params: { value: '[redacted]', header: 'X-K' } },
    });
    expect(JSON.stringify(shown)).not.toContain(KEY);
    expect(JSON.stringify(shown)).not.toContain('$encrypted');

    // Version 1 as written before inline credentials were sealed; rollback restores it sealed.
    await pool.query(
      `UPDATE tool_versions SET definition = jsonb_set(definition, '{authInline}', $1::jsonb)
        WHERE tool_id = $2 AND version = 1`,
      [JSON.stringify(apiKey(LEGACY)), tool.id],
    );
    const rolled = await rollbackTool(ctx, tool.id, { toVersion: 1, expectedVersion: 1 });
    expect(rolled.version).toBe(2);
    const { rows } = await pool.query<{ auth_inline: unknown; definition: unknown }>(
      `SELECT t.auth_inline, v.definition FROM tools t
         JOIN tool_versions v ON v.tool_id = t.id AND v.version = t.version WHERE t.id = $1`,
      [tool.id],
    );
    expect(JSON.stringify(rows)).not.toContain(LEGACY);
    const dataKey = await getWorkspaceDataKey(f.db, f.deps.keyring, workspaceId);
    expect(openInlineAuth(rows[0]?.auth_inline, dataKey, workspaceId, tool.id)).toEqual(
      apiKey(LEGACY),
    );

    // An editor save audits the definition it replaces, sealed block included.
    await updateTool(ctx, tool.id, {
      name: 'inline_guarded',
      kind: 'script',
      description: 'edited',
      handlerSource: 'export default () => 1',
      expectedVersion: 2,
    });
    const audit = await pool.query(
      'SELECT before, after FROM audit_events WHERE workspace_id = $1',
      [workspaceId],
    );
    expect(audit.rows).toContainEqual(
      expect.objectContaining({
        before: expect.objectContaining({
          authInline: { plugin: 'api_key', params: { value: '[redacted]', header: 'X-K' } },
        }),
      }),
    );
    expect(JSON.stringify(audit.rows)).not.toMatch(/svc-(legacy-)?inline-key|\$encrypted/);
  });
});

describe('an editor save of a tool with an inline auth block', () => {
  const EDITOR_KEY = 'svc-editor-inline-key-41c9';

  /** The stored block opened with the workspace key, on the tool and on its current version. */
  async function storedBlock(toolId: string) {
    const { rows } = await pool.query<{
      auth_inline: unknown;
      definition: { authInline: unknown };
    }>(
      `SELECT t.auth_inline, v.definition FROM tools t
         JOIN tool_versions v ON v.tool_id = t.id AND v.version = t.version WHERE t.id = $1`,
      [toolId],
    );
    const dataKey = await getWorkspaceDataKey(f.db, f.deps.keyring, ctx.workspace.id);
    const row = rows[0]!;
    return {
      raw: JSON.stringify(row),
      tool: openInlineAuth(row.auth_inline, dataKey, ctx.workspace.id, toolId),
      version: openInlineAuth(row.definition.authInline, dataKey, ctx.workspace.id, toolId),
    };
  }

  /** A script tool whose inline api_key block holds EDITOR_KEY (sealed by the data layer). */
  const scriptToolWithInlineKey = (name: string) =>
    createToolRow(
      f.db,
      ctx.workspace.id,
      {
        name,
        kind: 'script',
        handlerSource: 'export default () => 1',
        authInline: apiKey(EDITOR_KEY),
      },
      { keyring: f.deps.keyring },
    );

  /** What the editor's save posts, as JSON through saveToolAction (typed loosely there too). */
  const editorSave = (toolId: string, draft: ToolDraft, expectedVersion: number) =>
    updateTool(ctx, toolId, { ...submittedToolDraft(draft), expectedVersion } as Parameters<
      typeof updateTool
    >[2]);

  /** The draft the tool page hands the editor: the shown (redacted) tool's definition. */
  async function editorDraft(toolId: string) {
    const shown = await getTool(ctx, toolId);
    return { draft: toolDefinitionOf(shown) as unknown as ToolDraft, version: shown.version };
  }

  it('keeps the sealed block, still opening to the same plugin and params, after editing another field', async () => {
    const tool = await scriptToolWithInlineKey('inline_kept');
    const { draft, version } = await editorDraft(tool.id);
    expect(draft.authInline).toEqual({
      plugin: 'api_key',
      params: { value: '[redacted]', header: 'X-K' },
    });

    const saved = await editorSave(
      tool.id,
      { ...draft, description: 'edited in the editor' },
      version,
    );
    expect(saved).toMatchObject({ version: 2, description: 'edited in the editor' });
    const stored = await storedBlock(tool.id);
    expect(stored.tool).toEqual(apiKey(EDITOR_KEY));
    expect(stored.version).toEqual(apiKey(EDITOR_KEY));
    expect(stored.raw).not.toContain('[redacted]');
    expect(stored.raw).not.toContain(EDITOR_KEY);
  });

  it('never writes the redacted placeholder over the credential', async () => {
    const tool = await scriptToolWithInlineKey('inline_placeholder');
    const { draft, version } = await editorDraft(tool.id);
    // The whole shown draft sent back, redacted block included (an API client's round trip).
    await expect(
      updateTool(ctx, tool.id, { ...draft, description: 'x', expectedVersion: version } as never),
    ).rejects.toMatchObject({
      code: 'INVALID',
      fieldErrors: { authInline: expect.stringContaining('cannot be written from a draft') },
    });
    const stored = await storedBlock(tool.id);
    expect(stored.tool).toEqual(apiKey(EDITOR_KEY));
    expect(stored.raw).not.toContain('[redacted]');
    expect((await getTool(ctx, tool.id)).version).toBe(1);
  });

  it('refuses a shared policy beside the inline block, and takes one once the block is removed', async () => {
    const policy = await createAuthPolicy(f.db, f.deps.keyring, ctx.workspace.id, {
      name: `shared-${randomBytes(3).toString('hex')}`,
      plugin: 'api_key',
      params: { value: 'svc-shared-policy-key', header: 'X-K' },
    });
    const tool = await scriptToolWithInlineKey('inline_to_policy');
    const { draft, version } = await editorDraft(tool.id);
    await expect(
      editorSave(tool.id, { ...draft, authPolicyId: policy.id }, version),
    ).rejects.toMatchObject({
      code: 'INVALID',
      fieldErrors: { authPolicyId: expect.stringContaining('inline auth block (api_key)') },
    });
    expect((await storedBlock(tool.id)).tool).toEqual(apiKey(EDITOR_KEY));

    const moved = await editorSave(
      tool.id,
      { ...draft, authInline: null, authPolicyId: policy.id },
      version,
    );
    expect(moved).toMatchObject({ version: 2, authPolicyId: policy.id, authInline: null });
  });
});
