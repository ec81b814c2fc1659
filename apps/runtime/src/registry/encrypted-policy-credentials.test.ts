import { createTenantPostgres, type TenantDatabase } from '@toolplane/connectors/test-support';
import { createAuthPolicy } from '@toolplane/db';
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

let f: RuntimeFixture;
let runtime: RunningRuntime;
let tenant: TenantDatabase;
let pool: pg.Pool;
let token: string;
const policyIds: Record<string, string> = {};

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
  token = await f.token(ws.id);
  runtime = await f.start();
});

afterAll(async () => {
  await pool?.end();
  await f?.close();
  await tenant?.drop();
});

async function call(tool: string, key?: string) {
  const res = await postMcp(
    runtime.url,
    SLUG,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: {} } },
    { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'x-partner-key': key }) },
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
