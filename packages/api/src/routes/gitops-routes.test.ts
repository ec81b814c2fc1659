import { join } from 'node:path';
import {
  addMembership,
  createUser,
  createWorkspace,
  type MemberRole,
  setSecret,
} from '@toolplane/db';
import { FIXTURES, readFolder } from '@toolplane/gitops/test-support';
import { createPersonalAccessToken } from '@toolplane/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, createApiFixture } from '../test-support/create-api-fixture';

// The GitOps and Hyperterse endpoints over real HTTP: what the CLI sends and gets back. The
// library's own suites (packages/gitops) cover the semantics; this covers the wire.

let f: ApiFixture;
const tokens = {} as Record<MemberRole | 'stranger', string>;

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${f.origin}/api/v1/workspaces${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field.
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  f = await createApiFixture();
  const ids = {} as Record<MemberRole | 'stranger', string>;
  for (const who of ['owner', 'admin', 'editor', 'viewer', 'stranger'] as const) {
    ids[who] = (await createUser(f.db, { email: `${who}@gitops.test` })).id;
    tokens[who] = (
      await createPersonalAccessToken(
        f.deps,
        { userId: ids[who], requestId: 'setup' },
        { name: who, scopes: [] },
      )
    ).token;
  }
  const acme = await createWorkspace(f.db, f.deps.keyring, {
    slug: 'acme',
    name: 'Acme',
    ownerUserId: ids.owner,
  });
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    await addMembership(f.db, acme.id, { userId: ids[role], role });
  }
  await createWorkspace(f.db, f.deps.keyring, {
    slug: 'other',
    name: 'Other',
    ownerUserId: ids.stranger,
  });
  for (const name of ['MAIN_DATABASE_URL', 'CACHE_URL', 'PARTNER_KEY']) {
    await setSecret(f.db, f.deps.keyring, acme.id, { name, value: `v-${name}` });
  }
}, 60_000);

afterAll(() => f?.close());

describe('/api/v1 GitOps and Hyperterse endpoints', () => {
  const folder = readFolder(join(FIXTURES, 'workspace'));

  it('plans, applies and exports a folder; a second plan shows no changes', async () => {
    const plan = await call(tokens.viewer, 'POST', '/acme/gitops/plan', { files: folder });
    expect(plan.status).toBe(200);
    expect(plan.body.created).toHaveLength(7);
    expect(
      (await call(tokens.viewer, 'POST', '/acme/gitops/apply', { files: folder })).status,
    ).toBe(403);
    const applied = await call(tokens.editor, 'POST', '/acme/gitops/apply', { files: folder });
    expect(applied.status).toBe(200);
    const again = await call(tokens.viewer, 'POST', '/acme/gitops/plan', {
      files: folder,
      prune: true,
    });
    expect([...again.body.created, ...again.body.changed, ...again.body.deleted]).toEqual([]);
    const exported = await call(tokens.viewer, 'GET', '/acme/gitops/export');
    expect(exported.status).toBe(200);
    expect(Object.keys(exported.body.files)).toContain('tools/greet/handler.ts');
    expect(JSON.stringify(exported.body)).not.toContain('v-MAIN_DATABASE_URL');
  });

  it('answers a broken folder with 422 and errors[] naming file#field', async () => {
    const answer = await call(tokens.editor, 'POST', '/acme/gitops/apply', {
      files: {
        'connectors/x.yaml':
          'kind: connector\nname: x\ntype: postgres\nconnection: postgres://u:pw@h/db\n',
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('INVALID');
    expect(answer.body.errors).toEqual([
      { field: 'connectors/x.yaml#connection', reason: expect.stringMatching(/line 4/) },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('pw@h');
  });

  it('imports a Hyperterse project (dry run first) and exports one; strangers see nothing', async () => {
    const files = readFolder(join(FIXTURES, 'hyperterse-v1'));
    const dry = await call(tokens.editor, 'POST', '/acme/hyperterse/import', {
      files,
      dryRun: true,
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, format: 'v1', secretsToSet: ['DATABASE_URL'] });
    expect((await call(tokens.viewer, 'POST', '/acme/hyperterse/import', { files })).status).toBe(
      403,
    );
    const real = await call(tokens.editor, 'POST', '/acme/hyperterse/import', { files });
    expect(real.body.plan.created).toContainEqual({ kind: 'tool', name: 'find-user' });
    const exported = await call(tokens.viewer, 'GET', '/acme/hyperterse/export');
    expect(exported.body.files['app/tools/find-user/config.terse']).toContain(
      "'{{ inputs.email }}'",
    );
    expect((await call(tokens.stranger, 'GET', '/acme/hyperterse/export')).status).toBe(404);
    expect((await call(tokens.owner, 'GET', '/other/gitops/export')).status).toBe(404);
  });
});
