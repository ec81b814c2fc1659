import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthPolicy } from '../auth-policies/create-auth-policy';
import { deleteAuthPolicy } from '../auth-policies/delete-auth-policy';
import { getAuthPolicy } from '../auth-policies/get-auth-policy';
import { listAuthPolicies } from '../auth-policies/list-auth-policies';
import { updateAuthPolicy } from '../auth-policies/update-auth-policy';
import { createConnector } from '../connectors/create-connector';
import type { Tool } from '../generated/prisma/client';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { createTool } from './create-tool';
import { deleteTool } from './delete-tool';
import { getTool } from './get-tool';
import { getToolByName } from './get-tool-by-name';
import { listToolVersions } from './list-tool-versions';
import { listTools } from './list-tools';
import { rollbackTool } from './rollback-tool';
import { updateTool } from './update-tool';

let f: DbFixture;
let conA: string;
let conB: string;
let toolA: Tool;
let toolB: Tool;
beforeAll(async () => {
  f = await createDbFixture();
  const url = 'postgres://u:p@127.0.0.1/db';
  conA = (await createConnector(f.db, f.keyring, f.a.id, { name: 'db', type: 'postgres', url })).id;
  conB = (await createConnector(f.db, f.keyring, f.b.id, { name: 'db', type: 'postgres', url })).id;
  const definition = {
    name: 'get_user',
    kind: 'statement' as const,
    statement: 'SELECT * FROM users WHERE id = {{ inputs.id }}',
    inputs: [{ name: 'id', type: 'int' }],
  };
  toolA = await createTool(
    f.db,
    f.a.id,
    { ...definition, connectorId: conA },
    { actorUserId: f.owner.id },
  );
  toolB = await createTool(f.db, f.b.id, { ...definition, connectorId: conB });
});
afterAll(() => f.close());

describe('tools', () => {
  it('creates version 1 with its snapshot', async () => {
    expect(toolA).toMatchObject({ name: 'get_user', version: 1, enabled: true, readOnly: true });
    expect(toolA.id).toMatch(/^tool_/);
    const versions = await listToolVersions(f.db, f.a.id, toolA.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, createdById: f.owner.id });
    expect(versions[0]?.definition).toMatchObject({
      name: 'get_user',
      connectorId: conA,
      inputs: [{ name: 'id', type: 'int' }],
      authInline: null,
    });
  });

  it('updates: version + 1 and a new snapshot; stale version → CONFLICT', async () => {
    const updated = await updateTool(f.db, f.a.id, toolA.id, {
      expectedVersion: 1,
      description: 'Find a user',
      cacheEnabled: true,
      cacheTtlSeconds: 30,
    });
    expect(updated).toMatchObject({ version: 2, description: 'Find a user', cacheTtlSeconds: 30 });
    expect((await listToolVersions(f.db, f.a.id, toolA.id)).map((v) => v.version)).toEqual([2, 1]);

    const stale = await rejection(
      updateTool(f.db, f.a.id, toolA.id, { expectedVersion: 1, description: 'lost update' }),
    );
    expect(stale).toMatchObject({ code: 'CONFLICT' });
    expect((await getTool(f.db, f.a.id, toolA.id))?.description).toBe('Find a user');
    expect(await listToolVersions(f.db, f.a.id, toolA.id)).toHaveLength(2);
  });

  it('rolls back by writing the old snapshot as a new version', async () => {
    const rolled = await rollbackTool(f.db, f.a.id, toolA.id, { toVersion: 1, expectedVersion: 2 });
    expect(rolled).toMatchObject({
      version: 3,
      description: '',
      cacheEnabled: false,
      cacheTtlSeconds: null,
    });
    expect((await listToolVersions(f.db, f.a.id, toolA.id)).map((v) => v.version)).toEqual([
      3, 2, 1,
    ]);
    expect(
      await rejection(rollbackTool(f.db, f.a.id, toolA.id, { toVersion: 9, expectedVersion: 3 })),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('validates definitions and names the field', async () => {
    expect(
      await rejection(
        createTool(f.db, f.a.id, { name: 'x', kind: 'statement', statement: 'SELECT 1' }),
      ),
    ).toMatchObject({ code: 'INVALID', fields: ['connectorId'] });
    expect(
      await rejection(
        createTool(f.db, f.a.id, { name: 'bad name!', kind: 'script', handlerSource: 'x' }),
      ),
    ).toMatchObject({ code: 'INVALID', fields: ['name'] });
    expect(
      await rejection(
        createTool(f.db, f.a.id, {
          name: 'get_user',
          kind: 'script',
          handlerSource: 'export default () => 1',
        }),
      ),
    ).toMatchObject({ code: 'ALREADY_EXISTS', fields: ['name'] });
  });

  it('lists and finds by name within the workspace', async () => {
    await createTool(f.db, f.a.id, {
      name: 'hello',
      kind: 'script',
      handlerSource: 'export default () => "hi"',
      enabled: false,
    });
    expect((await listTools(f.db, f.a.id)).map((t) => t.name)).toEqual(['get_user', 'hello']);
    expect((await listTools(f.db, f.a.id, { enabledOnly: true })).map((t) => t.name)).toEqual([
      'get_user',
    ]);
    expect((await getToolByName(f.db, f.b.id, 'get_user'))?.id).toBe(toolB.id);
    expect(await getToolByName(f.db, f.b.id, 'hello')).toBeNull();
  });

  it('never reads, changes or deletes another workspace’s tool', async () => {
    const [before] = await f.sql('SELECT * FROM tools WHERE id = $1', [toolB.id]);
    expect(await getTool(f.db, f.a.id, toolB.id)).toBeNull();
    expect(await listToolVersions(f.db, f.a.id, toolB.id)).toEqual([]);
    expect(
      await rejection(updateTool(f.db, f.a.id, toolB.id, { expectedVersion: 1, description: 'x' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await rejection(rollbackTool(f.db, f.a.id, toolB.id, { toVersion: 1, expectedVersion: 1 })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(deleteTool(f.db, f.a.id, toolB.id))).toMatchObject({
      code: 'NOT_FOUND',
    });
    const [after] = await f.sql('SELECT * FROM tools WHERE id = $1', [toolB.id]);
    expect(after).toEqual(before);
    expect(
      await f.sql('SELECT count(*)::int AS n FROM tool_versions WHERE tool_id = $1', [toolB.id]),
    ).toEqual([{ n: 1 }]);
  });

  it('cannot point a tool at another workspace’s connector or policy', async () => {
    const foreignConnector = await rejection(
      createTool(f.db, f.a.id, {
        name: 'sneaky',
        kind: 'statement',
        connectorId: conB,
        statement: 'SELECT 1',
      }),
    );
    expect(foreignConnector).toMatchObject({ code: 'INVALID', fields: ['connectorId'] });
    const policyB = await createAuthPolicy(f.db, f.keyring, f.b.id, {
      name: 'open',
      plugin: 'allow_all',
    });
    const foreignPolicy = await rejection(
      updateTool(f.db, f.a.id, toolA.id, { expectedVersion: 3, authPolicyId: policyB.id }),
    );
    expect(foreignPolicy).toMatchObject({ code: 'INVALID', fields: ['authPolicyId'] });
    expect((await getTool(f.db, f.a.id, toolA.id))?.version).toBe(3);
  });

  it('deletes a tool with its history', async () => {
    await deleteTool(f.db, f.a.id, toolA.id);
    expect(await getTool(f.db, f.a.id, toolA.id)).toBeNull();
    expect(await f.sql('SELECT * FROM tool_versions WHERE tool_id = $1', [toolA.id])).toEqual([]);
  });
});

describe('auth policies', () => {
  it('creates, updates with a version check, and stays in its workspace', async () => {
    const policy = await createAuthPolicy(f.db, f.keyring, f.a.id, {
      name: 'scoped',
      plugin: 'token_scopes',
      params: { required: ['read'] },
    });
    const updated = await updateAuthPolicy(f.db, f.keyring, f.a.id, policy.id, {
      expectedVersion: 1,
      params: { required: ['write'] },
    });
    expect(updated).toMatchObject({ version: 2, params: { required: ['write'] } });
    expect(
      await rejection(
        updateAuthPolicy(f.db, f.keyring, f.a.id, policy.id, {
          expectedVersion: 1,
          description: 'x',
        }),
      ),
    ).toMatchObject({ code: 'CONFLICT' });
    expect(
      await rejection(createAuthPolicy(f.db, f.keyring, f.a.id, { name: 'js', plugin: 'script' })),
    ).toMatchObject({ code: 'INVALID', fields: ['scriptSource'] });

    const [policyB] = await listAuthPolicies(f.db, f.b.id);
    expect(policyB).toBeDefined();
    expect(await getAuthPolicy(f.db, f.a.id, policyB!.id)).toBeNull();
    expect(
      await rejection(
        updateAuthPolicy(f.db, f.keyring, f.a.id, policyB!.id, {
          expectedVersion: 1,
          description: 'x',
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(deleteAuthPolicy(f.db, f.a.id, policyB!.id))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await getAuthPolicy(f.db, f.b.id, policyB!.id)).toEqual(policyB);

    // In use → CONFLICT; unused → deleted.
    await updateTool(f.db, f.b.id, toolB.id, { expectedVersion: 1, authPolicyId: policyB!.id });
    expect(await rejection(deleteAuthPolicy(f.db, f.b.id, policyB!.id))).toMatchObject({
      code: 'CONFLICT',
    });
    await deleteAuthPolicy(f.db, f.a.id, policy.id);
    expect(await listAuthPolicies(f.db, f.a.id)).toEqual([]);
  });
});
