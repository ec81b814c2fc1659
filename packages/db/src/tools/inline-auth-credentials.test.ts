import { CryptoError } from '@toolplane/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { createTool } from './create-tool';
import { getTool } from './get-tool';
import { openInlineAuth } from './inline-auth-credentials';
import { rollbackTool } from './rollback-tool';
import { updateTool } from './update-tool';

// Inline auth credentials are sealed like a shared policy's: no row holds them in plaintext.
const KEY = 'inline-key-9f3a7c';
const OTHER_KEY = 'inline-key-second-21be';
const LEGACY = 'legacy-inline-key-5d0e';
const SECRET = 'hs256-inline-secret-0c44';

const apiKey = (value: string) => ({
  plugin: 'api_key',
  params: { value, header: 'X-Partner-Key' },
});
const script = { name: 'guarded', kind: 'script' as const, handlerSource: 'export default 1' };

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
});
afterAll(() => f.close());

async function rawRows(toolId: string) {
  const tools = await f.sql<{ auth_inline: unknown }>(
    'SELECT auth_inline FROM tools WHERE id = $1',
    [toolId],
  );
  const versions = await f.sql<{ version: number; definition: { authInline: unknown } }>(
    'SELECT version, definition FROM tool_versions WHERE tool_id = $1 ORDER BY version',
    [toolId],
  );
  return { tool: tools[0]?.auth_inline, versions };
}

async function opened(workspaceId: string, toolId: string, authInline: unknown) {
  const dataKey = await getWorkspaceDataKey(f.db, f.keyring, workspaceId);
  return openInlineAuth(authInline, dataKey, workspaceId, toolId);
}

describe('inline auth credentials at rest', () => {
  it('stores the tool and its version with the credential sealed, and opens it back', async () => {
    const tool = await createTool(
      f.db,
      f.a.id,
      { ...script, authInline: apiKey(KEY) },
      { keyring: f.keyring },
    );
    const raw = await rawRows(tool.id);
    expect(raw.tool).toEqual({
      plugin: 'api_key',
      params: { value: { $encrypted: expect.stringMatching(/^v1\./) }, header: 'X-Partner-Key' },
    });
    expect(raw.versions[0]?.definition.authInline).toEqual(raw.tool);
    expect(JSON.stringify(raw)).not.toContain(KEY);
    expect(await opened(f.a.id, tool.id, tool.authInline)).toEqual(apiKey(KEY));
  });

  it('seals a jwt secret and keeps a {{ env.X }} reference as written', async () => {
    const tool = await createTool(
      f.db,
      f.a.id,
      {
        ...script,
        name: 'jwt_guarded',
        authInline: { plugin: 'jwt', params: { secret: SECRET, issuer: 'https://idp' } },
      },
      { keyring: f.keyring },
    );
    expect(JSON.stringify(await rawRows(tool.id))).not.toContain(SECRET);
    const referenced = await updateTool(
      f.db,
      f.a.id,
      tool.id,
      { expectedVersion: 1, authInline: { plugin: 'jwt', params: { secret: '{{ env.JWT }}' } } },
      { keyring: f.keyring },
    );
    expect(referenced.authInline).toEqual({ plugin: 'jwt', params: { secret: '{{ env.JWT }}' } });
  });

  it('refuses a literal credential it cannot seal (no keyring) and writes nothing', async () => {
    const error = await rejection(
      createTool(f.db, f.a.id, { ...script, name: 'unsealed', authInline: apiKey(KEY) }),
    );
    expect(error).toMatchObject({ code: 'INVALID', fields: ['authInline'] });
    expect(await f.sql("SELECT id FROM tools WHERE name = 'unsealed'")).toEqual([]);
  });

  it('keeps a sealed credential through updates, without sealing it twice', async () => {
    const tool = await createTool(
      f.db,
      f.a.id,
      { ...script, name: 'kept', authInline: apiKey(KEY) },
      { keyring: f.keyring },
    );
    const updated = await updateTool(f.db, f.a.id, tool.id, {
      expectedVersion: 1,
      description: 'no keyring needed: nothing new to seal',
    });
    expect(updated.authInline).toEqual(tool.authInline);
    expect(await opened(f.a.id, tool.id, updated.authInline)).toEqual(apiKey(KEY));
  });

  it('rolls back to an old version whose ciphertext still opens, and seals a legacy plaintext one', async () => {
    const tool = await createTool(
      f.db,
      f.a.id,
      { ...script, name: 'rolled', authInline: apiKey(KEY) },
      { keyring: f.keyring },
    );
    await updateTool(
      f.db,
      f.a.id,
      tool.id,
      { expectedVersion: 1, authInline: apiKey(OTHER_KEY) },
      { keyring: f.keyring },
    );
    const back = await rollbackTool(
      f.db,
      f.a.id,
      tool.id,
      { toVersion: 1, expectedVersion: 2 },
      { keyring: f.keyring },
    );
    expect(back.version).toBe(3);
    expect(await opened(f.a.id, tool.id, back.authInline)).toEqual(apiKey(KEY));

    // A version written before inline credentials were sealed.
    await f.sql(
      `UPDATE tool_versions SET definition = jsonb_set(definition, '{authInline}', $1::jsonb)
        WHERE tool_id = $2 AND version = 2`,
      [JSON.stringify(apiKey(LEGACY)), tool.id],
    );
    expect(
      await rejection(rollbackTool(f.db, f.a.id, tool.id, { toVersion: 2, expectedVersion: 3 })),
    ).toMatchObject({ code: 'INVALID' });
    const legacy = await rollbackTool(
      f.db,
      f.a.id,
      tool.id,
      { toVersion: 2, expectedVersion: 3 },
      { keyring: f.keyring },
    );
    expect(await opened(f.a.id, tool.id, legacy.authInline)).toEqual(apiKey(LEGACY));
    const raw = await rawRows(tool.id);
    expect(JSON.stringify([raw.tool, raw.versions.at(-1)])).not.toContain(LEGACY);
    expect(JSON.stringify(raw)).not.toContain(KEY);
    expect(JSON.stringify(raw)).not.toContain(OTHER_KEY);
  });

  it('passes a legacy plaintext row through, and seals it on its next save', async () => {
    const tool = await createTool(f.db, f.a.id, { ...script, name: 'legacy' });
    await f.sql('UPDATE tools SET auth_inline = $1 WHERE id = $2', [apiKey(LEGACY), tool.id]);
    const row = await getTool(f.db, f.a.id, tool.id);
    expect(await opened(f.a.id, tool.id, row?.authInline)).toEqual(apiKey(LEGACY));
    const saved = await updateTool(
      f.db,
      f.a.id,
      tool.id,
      { expectedVersion: 1, description: 'touched' },
      { keyring: f.keyring },
    );
    expect(JSON.stringify((await rawRows(tool.id)).tool)).not.toContain(LEGACY);
    expect(await opened(f.a.id, tool.id, saved.authInline)).toEqual(apiKey(LEGACY));
  });

  it('does not open a ciphertext copied to another tool or another workspace', async () => {
    const source = await createTool(
      f.db,
      f.a.id,
      { ...script, name: 'source', authInline: apiKey(KEY) },
      { keyring: f.keyring },
    );
    const sibling = await createTool(f.db, f.a.id, { ...script, name: 'sibling' });
    const foreign = await createTool(f.db, f.b.id, { ...script, name: 'foreign' });
    for (const target of [sibling, foreign]) {
      await f.sql(
        'UPDATE tools SET auth_inline = (SELECT auth_inline FROM tools WHERE id = $1) WHERE id = $2',
        [source.id, target.id],
      );
      const row = await getTool(f.db, target.workspaceId, target.id);
      await expect(opened(target.workspaceId, target.id, row?.authInline)).rejects.toBeInstanceOf(
        CryptoError,
      );
    }
  });
});
