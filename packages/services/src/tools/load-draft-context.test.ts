import { createAuthPolicy } from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { seedWorkspaces } from '../test-support/seed-workspaces';
import { loadDraftContext } from './load-draft-context';
import { checkToolDraft, emptyToolDraft } from './tool-draft';

let f: ServiceFixture;
let ctx: WorkspaceContext;

beforeAll(async () => {
  f = await createServiceFixture();
  const { a, ctx: contextIn } = await seedWorkspaces(f.deps);
  ctx = contextIn(a, 'viewer');
  await createAuthPolicy(f.db, f.deps.keyring, a.id, {
    name: 'literal',
    plugin: 'api_key',
    params: { value: 'sk-live-do-not-leak', header: 'X-Key' },
  });
  await createAuthPolicy(f.db, f.deps.keyring, a.id, {
    name: 'jwt-from-secret',
    plugin: 'jwt',
    params: { secret: 'prefix-{{ env.JWT_SECRET }}', issuer: 'https://issuer.example' },
  });
});
afterAll(() => f?.close());

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
