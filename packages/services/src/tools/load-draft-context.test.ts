import { randomBytes } from 'node:crypto';
import { parseMasterKey } from '@toolplane/crypto';
import {
  createAuthPolicy,
  createDb,
  createKeyring,
  createUser,
  createWorkspace,
  type DbClient,
} from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { loadDraftContext } from './load-draft-context';
import { checkToolDraft, emptyToolDraft } from './tool-draft';

let database: TestDatabase;
let db: DbClient;
let ctx: WorkspaceContext;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ databaseUrl: database.url, max: 2 });
  const keyring = createKeyring([parseMasterKey(randomBytes(32).toString('base64'))]);
  const user = await createUser(db, { email: 'draft-context@example.com' });
  const workspace = await createWorkspace(db, keyring, {
    slug: 'drafts',
    name: 'Drafts',
    ownerUserId: user.id,
  });
  ctx = {
    deps: {
      db,
      keyring,
      runtimeSigningKey: new Uint8Array(randomBytes(32)),
      runtimeUrl: 'http://127.0.0.1:1',
      networkPolicy: { allowPrivateNetworks: true, deny: [] },
      mailer: { send: async () => undefined },
    },
    actor: { userId: user.id, requestId: 'test' },
    workspace,
    role: 'viewer',
  };
  await createAuthPolicy(db, keyring, workspace.id, {
    name: 'literal',
    plugin: 'api_key',
    params: { value: 'sk-live-do-not-leak', header: 'X-Key' },
  });
  await createAuthPolicy(db, keyring, workspace.id, {
    name: 'jwt-from-secret',
    plugin: 'jwt',
    params: { secret: 'prefix-{{ env.JWT_SECRET }}', issuer: 'https://issuer.example' },
  });
});
afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('loadDraftContext', () => {
  it('never hands policy credentials to the editor, yet keeps what compile checks', async () => {
    const context = await loadDraftContext(ctx);
    expect(JSON.stringify(context)).not.toContain('sk-live-do-not-leak');
    expect(JSON.stringify(context)).not.toContain('prefix-');
    const byName = Object.fromEntries(context.policies.map((p) => [p.name, p.params]));
    expect(byName.literal).toEqual({ value: '[redacted]', header: 'X-Key' });
    expect(byName['jwt-from-secret']).toEqual({
      secret: '{{ env.JWT_SECRET }}',
      issuer: 'https://issuer.example',
    });
    // The secret reference still reaches compile (a missing workspace secret is a warning), and
    // the stand-in for a literal is no error.
    const jwt = context.policies.find((p) => p.name === 'jwt-from-secret')!;
    const draft = {
      ...emptyToolDraft('script'),
      name: 'probe',
      authPolicyId: jwt.id,
    };
    expect(checkToolDraft(draft, context)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining('JWT_SECRET'),
      }),
    ]);
    const literal = context.policies.find((p) => p.name === 'literal')!;
    expect(checkToolDraft({ ...draft, authPolicyId: literal.id }, context)).toEqual([]);
  });
});
