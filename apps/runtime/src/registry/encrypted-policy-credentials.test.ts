import { createTenantPostgres, type TenantDatabase } from '@toolplane/connectors/test-support';
import { createAuthPolicy, createTool, rollbackTool, updateTool } from '@toolplane/db';
import { pgAdminUrl } from '@toolplane/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRuntime } from '../start-runtime';
import {
  createRuntimeFixture,
  postMcp,
  type RuntimeFixture,
} from '../test-support/runtime-fixture';

// Policy credentials are stored encrypted; the runtime opens them only to compile the policy.
const LITERAL = 'partner-key-4b1d9e';
const LEGACY = 'legacy-plain-key-77';
const SLUG = 'sealed';
// So are the credentials of a tool's inline auth block (bound to its workspace and tool).
const INLINE = 'inline-key-83c0aa';
const INLINE_LEGACY = 'inline-legacy-key-19';
const INLINE_OLD = 'inline-old-key-5e2f';
const INLINE_NEW = 'inline-new-key-d471';
const OTHER_SLUG = 'sealed-other';

let f: RuntimeFixture;
let runtime: RunningRuntime;
let tenant: TenantDatabase;
let pool: pg.Pool;
let token: string;
let otherToken: string;
const policyIds: Record<string, string> = {};
const toolIds: Record<string, string> = {};

beforeAll(async () => {
  f = await createRuntimeFixture();
  pool = new pg.Pool({ connectionString: f.database.url, max: 1 });
  tenant = await createTenantPostgres(pgAdminUrl(), 'SELECT 1');
  const ws = await f.workspace(SLUG);
  const main = await f.connector(ws.id, 'main', 'postgres', tenant.url);
  const policy = async (name: string, value: string) => {
    const row = await createAuthPolicy(f.db, f.keyring, ws.id, {
      name,
      plugin: 'api_key',
      params: { value, header: 'X-Partner-Key' },
    });
    policyIds[name] = row.id;
    await f.tool(ws.id, {
      name: `${name.replace(/-/g, '_')}_tool`,
      kind: 'statement',
      connectorId: main,
      statement: 'SELECT 1 AS ok',
      authPolicyId: row.id,
    });
  };
  await policy('sealed', LITERAL);
  await policy('legacy', 'replaced-below');
  await policy('copied', 'replaced-below-too');
  // A row written before credentials were encrypted.
  await pool.query('UPDATE auth_policies SET params = $1 WHERE id = $2', [
    { value: LEGACY, header: 'X-Partner-Key' },
    policyIds.legacy,
  ]);
  // A ciphertext moved to another row: bound to its own policy, it must not open here.
  await pool.query(
    'UPDATE auth_policies SET params = (SELECT params FROM auth_policies WHERE id = $1) WHERE id = $2',
    [policyIds.sealed, policyIds.copied],
  );

  const inlineTool = async (workspaceId: string, name: string, value: string | null) => {
    const row = await createTool(
      f.db,
      workspaceId,
      {
        name,
        kind: 'statement',
        connectorId: workspaceId === ws.id ? main : otherMain,
        statement: 'SELECT 1 AS ok',
        authInline: value === null ? null : inlineKey(value),
      },
      { keyring: f.keyring },
    );
    toolIds[name] = row.id;
    return row;
  };
  const other = await f.workspace(OTHER_SLUG);
  const otherMain = await f.connector(other.id, 'main', 'postgres', tenant.url);
  await inlineTool(ws.id, 'inline_tool', INLINE);
  await inlineTool(ws.id, 'inline_legacy_tool', null);
  await pool.query('UPDATE tools SET auth_inline = $1 WHERE id = $2', [
    inlineKey(INLINE_LEGACY),
    toolIds.inline_legacy_tool,
  ]);
  // Version 1 holds the old key; rollback restores its ciphertext, which must still open.
  const rolled = await inlineTool(ws.id, 'inline_rolled_tool', INLINE_OLD);
  await updateTool(
    f.db,
    ws.id,
    rolled.id,
    { expectedVersion: 1, authInline: inlineKey(INLINE_NEW) },
    { keyring: f.keyring },
  );
  await rollbackTool(
    f.db,
    ws.id,
    rolled.id,
    { toVersion: 1, expectedVersion: 2 },
    { keyring: f.keyring },
  );
  // The sealed block copied into another workspace's tool: another data key, another binding.
  await inlineTool(other.id, 'inline_copied_tool', null);
  await inlineTool(other.id, 'open_tool', null);
  await pool.query(
    'UPDATE tools SET auth_inline = (SELECT auth_inline FROM tools WHERE id = $1) WHERE id = $2',
    [toolIds.inline_tool, toolIds.inline_copied_tool],
  );
  token = await f.token(ws.id);
  otherToken = await f.token(other.id);
  runtime = await f.start();
});

const inlineKey = (value: string) => ({
  plugin: 'api_key',
  params: { value, header: 'X-Partner-Key' },
});

afterAll(async () => {
  await pool?.end();
  await f?.close();
  await tenant?.drop();
});

async function call(tool: string, key?: string, slug = SLUG) {
  const res = await postMcp(
    runtime.url,
    slug,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: {} } },
    {
      authorization: `Bearer ${slug === SLUG ? token : otherToken}`,
      ...(key === undefined ? {} : { 'x-partner-key': key }),
    },
  );
  return (await res.json()) as { result?: unknown; error?: { message: string; data?: unknown } };
}

describe('api_key policy with an encrypted literal key', () => {
  it('holds no plaintext in the stored row', async () => {
    const { rows } = await pool.query<{ params: Record<string, unknown> }>(
      'SELECT params FROM auth_policies WHERE id = $1',
      [policyIds.sealed],
    );
    expect(rows[0]?.params).toEqual({
      value: { $encrypted: expect.stringMatching(/^v1\./) },
      header: 'X-Partner-Key',
    });
    expect(JSON.stringify(rows)).not.toContain(LITERAL);
  });

  it('authorizes the right key and refuses a wrong one, none, or the ciphertext itself', async () => {
    expect((await call('sealed_tool', LITERAL)).result).toMatchObject({
      structuredContent: { results: [{ ok: 1 }] },
    });
    expect((await call('sealed_tool', 'wrong-key')).error).toMatchObject({
      data: { stage: 'auth' },
    });
    expect((await call('sealed_tool')).error).toMatchObject({ data: { stage: 'auth' } });
    const { rows } = await pool.query<{ params: { value: { $encrypted: string } } }>(
      'SELECT params FROM auth_policies WHERE id = $1',
      [policyIds.sealed],
    );
    const answer = await call('sealed_tool', rows[0]!.params.value.$encrypted);
    expect(answer.result).toBeUndefined();
    expect(answer.error).toMatchObject({ data: { stage: 'auth' } });
  });

  it('still authorizes against a legacy plaintext row', async () => {
    expect((await call('legacy_tool', LEGACY)).result).toMatchObject({
      structuredContent: { results: [{ ok: 1 }] },
    });
    expect((await call('legacy_tool', 'wrong-key')).error).toBeDefined();
  });

  it('denies every call when a ciphertext does not open, the rest of the workspace unharmed', async () => {
    for (const key of [LITERAL, 'replaced-below-too', '']) {
      const answer = await call('copied_tool', key);
      expect(answer.result).toBeUndefined();
      expect(answer.error).toBeDefined();
    }
    expect((await call('sealed_tool', LITERAL)).result).toBeDefined();
  });

  it('never logs the key', () => {
    const logs = f.logs.join('\n');
    expect(logs).not.toContain(LITERAL);
    expect(logs).not.toContain(LEGACY);
  });
});

describe('api_key inline auth block with an encrypted literal key', () => {
  const OK = { structuredContent: { results: [{ ok: 1 }] } };

  it('holds no plaintext in the tool row or any of its versions', async () => {
    const { rows } = await pool.query<{ auth_inline: unknown; versions: unknown }>(
      `SELECT t.auth_inline, (SELECT json_agg(v.definition) FROM tool_versions v WHERE v.tool_id = t.id) AS versions
         FROM tools t WHERE t.id = ANY($1)`,
      [[toolIds.inline_tool, toolIds.inline_rolled_tool]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.auth_inline).toEqual({
        plugin: 'api_key',
        params: { value: { $encrypted: expect.stringMatching(/^v1\./) }, header: 'X-Partner-Key' },
      });
    }
    const stored = JSON.stringify(rows);
    for (const key of [INLINE, INLINE_OLD, INLINE_NEW]) expect(stored).not.toContain(key);
  });

  it('authorizes the inline key over MCP and refuses a wrong one, none, or the ciphertext', async () => {
    expect((await call('inline_tool', INLINE)).result).toMatchObject(OK);
    expect((await call('inline_tool', 'wrong-key')).error).toMatchObject({
      data: { stage: 'auth' },
    });
    expect((await call('inline_tool')).error).toMatchObject({ data: { stage: 'auth' } });
    const { rows } = await pool.query<{
      auth_inline: { params: { value: { $encrypted: string } } };
    }>('SELECT auth_inline FROM tools WHERE id = $1', [toolIds.inline_tool]);
    const answer = await call('inline_tool', rows[0]!.auth_inline.params.value.$encrypted);
    expect(answer.result).toBeUndefined();
    expect(answer.error).toMatchObject({ data: { stage: 'auth' } });
  });

  it('still authorizes against a legacy plaintext inline block', async () => {
    expect((await call('inline_legacy_tool', INLINE_LEGACY)).result).toMatchObject(OK);
    expect((await call('inline_legacy_tool', 'wrong-key')).error).toBeDefined();
  });

  it('authorizes the restored key after a rollback to an older version', async () => {
    expect((await call('inline_rolled_tool', INLINE_OLD)).result).toMatchObject(OK);
    expect((await call('inline_rolled_tool', INLINE_NEW)).error).toMatchObject({
      data: { stage: 'auth' },
    });
  });

  it('denies a ciphertext copied from another workspace with a clear error, the rest unharmed', async () => {
    for (const key of [INLINE, '']) {
      const answer = await call('inline_copied_tool', key, OTHER_SLUG);
      expect(answer.result).toBeUndefined();
      expect(answer.error?.message).toMatch(/inline auth block does not decrypt/);
    }
    expect((await call('open_tool', undefined, OTHER_SLUG)).result).toMatchObject(OK);
    expect((await call('inline_tool', INLINE)).result).toMatchObject(OK);
  });

  it('never logs an inline key', () => {
    const logs = f.logs.join('\n');
    for (const key of [INLINE, INLINE_LEGACY, INLINE_OLD, INLINE_NEW]) {
      expect(logs).not.toContain(key);
    }
  });
});
