import { randomBytes } from 'node:crypto';
import {
  createTool as createToolRow,
  createUser,
  createWorkspace,
  getWorkspaceDataKey,
  openInlineAuth,
} from '@toolplane/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { getTool, getToolHistory } from './get-tool';
import { listTools } from './list-tools';
import { rollbackTool } from './rollback-tool';
import { updateTool } from './save-tool';

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
