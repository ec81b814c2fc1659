import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashPassword } from '@toolplane/auth';
import { parseMasterKey } from '@toolplane/crypto';
import {
  addMembership,
  createDb,
  createKeyring,
  createUser,
  createWorkspace,
  type DbClient,
  getMembership,
  getWorkspaceBySlug,
  insertInvocations,
  listApiTokens,
  listAuditEvents,
} from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Like the registry test: only the session is faked; actions, services and database are real.
// The runtime is a small local HTTP server standing in for apps/runtime's /t/<slug>/mcp.
let current: { userId: string; email: string; name: string | null; requestId: string } | null =
  null;
const signIns: unknown[] = [];
vi.mock('../auth/lib/get-current-user', () => ({ getCurrentUser: async () => current }));
vi.mock('../auth/lib/auth', () => ({
  auth: async () => null,
  signIn: async (...args: unknown[]) => {
    signIns.push(args);
  },
  signOut: async () => undefined,
  handlers: {},
}));
vi.mock('next-auth', () => ({
  AuthError: class AuthError extends Error {},
  CredentialsSignin: class CredentialsSignin extends Error {},
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'dash.test' }) }));

type Who = { userId: string; email: string; name: null; requestId: string };
let database: TestDatabase;
let db: DbClient;
let runtime: Server;
const runtimeCalls: { url: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
const users = {} as Record<'owner' | 'admin' | 'editor' | 'viewer' | 'newcomer', Who>;
const SLUG = 'flows';

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as { params: { name: string; arguments: unknown } };
      runtimeCalls.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (body.params.name === 'broken') {
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            error: { code: -32000, message: 'connection refused', data: { stage: 'connector' } },
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          result: {
            content: [{ type: 'text', text: '[{"id":1}]' }],
            structuredContent: { results: [{ id: 1 }] },
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => runtime.listen(0, '127.0.0.1', resolve));
  const masterKey = randomBytes(32).toString('base64');
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    TOOLPLANE_MASTER_KEY: masterKey,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TOOLPLANE_RUNTIME_SIGNING_KEY: randomBytes(32).toString('base64'),
    TOOLPLANE_RUNTIME_URL: `http://127.0.0.1:${(runtime.address() as AddressInfo).port}`,
  });
  db = createDb({ databaseUrl: database.url, max: 2 });
  const keyring = createKeyring([parseMasterKey(masterKey)]);
  for (const role of ['owner', 'admin', 'editor', 'viewer', 'newcomer'] as const) {
    const email = `${role}-${randomBytes(3).toString('hex')}@example.com`;
    const user = await createUser(db, {
      email,
      passwordHash: await hashPassword('correct horse battery staple'),
    });
    users[role] = { userId: user.id, email, name: null, requestId: `test-${role}` };
  }
  const ws = await createWorkspace(db, keyring, {
    slug: SLUG,
    name: 'Flows',
    ownerUserId: users.owner.userId,
  });
  for (const role of ['admin', 'editor', 'viewer'] as const)
    await addMembership(db, ws.id, { userId: users[role].userId, role });
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => runtime?.close(resolve));
  await db?.$disconnect();
  await database?.drop();
});

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  }
  return data;
}

/** Runs an action whose success ends in redirect(): returns where it went. */
async function redirected(run: Promise<unknown>): Promise<string> {
  try {
    const state = await run;
    throw new Error(`expected a redirect, got ${JSON.stringify(state)}`);
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? '');
    if (!digest.startsWith('NEXT_REDIRECT')) throw error;
    return digest.split(';')[2] ?? '';
  }
}

async function workspaceId() {
  return (await getWorkspaceBySlug(db, SLUG))!.id;
}

describe('API tokens', () => {
  it('creates a token shown once, lists it by prefix only, and revokes it', async () => {
    const { createTokenAction, revokeTokenAction } = await import('../tokens/actions');
    current = users.admin;
    const state = await createTokenAction(
      {},
      form({
        workspace: SLUG,
        name: 'Claude Code',
        allTools: 'chosen',
        toolNames: ['get_user', 'list_orders'],
        scopes: 'orders:read, reports',
        expiresInDays: '30',
      }),
    );
    expect(state.ok).toBe(true);
    expect(state.data?.plaintext).toMatch(/^tp_/);
    expect(state.values).toBeUndefined();
    const [token] = await listApiTokens(db, await workspaceId());
    expect(token).toMatchObject({
      name: 'Claude Code',
      allTools: false,
      toolNames: ['get_user', 'list_orders'],
      scopes: ['orders:read', 'reports'],
    });
    expect(state.data!.plaintext.startsWith(token!.prefix)).toBe(true);
    expect(JSON.stringify(token)).not.toContain(state.data!.plaintext);
    const days = (token!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    expect((await revokeTokenAction({}, form({ workspace: SLUG, tokenId: token!.id }))).ok).toBe(
      true,
    );
    expect((await listApiTokens(db, await workspaceId()))[0]!.revokedAt).not.toBeNull();
  });

  it('answers field errors for a nameless token or no chosen tool, and refuses an editor', async () => {
    const { createTokenAction } = await import('../tokens/actions');
    current = users.admin;
    const state = await createTokenAction(
      {},
      form({ workspace: SLUG, name: ' ', allTools: 'chosen', expiresInDays: 'never' }),
    );
    expect(state.code).toBe('INVALID');
    expect(Object.keys(state.fieldErrors ?? {}).sort()).toEqual(['name', 'toolNames']);
    current = users.editor;
    expect(
      (await createTokenAction({}, form({ workspace: SLUG, name: 'forged', expiresInDays: '7' })))
        .code,
    ).toBe('FORBIDDEN');
  });
});

describe('token refusals', () => {
  it('keeps what was typed, with the expiry, when the expiry or the service refuses', async () => {
    const { createTokenAction } = await import('../tokens/actions');
    current = users.admin;
    const badExpiry = await createTokenAction(
      {},
      form({ workspace: SLUG, name: 'CI', scopes: 'a b', expiresInDays: '9999' }),
    );
    expect(badExpiry).toEqual({
      code: 'INVALID',
      fieldErrors: { expiresInDays: 'Choose an expiry.' },
      values: { name: 'CI', scopes: 'a b', allTools: 'all', toolNames: '', expiresInDays: '9999' },
    });
    const nameless = await createTokenAction(
      {},
      form({
        workspace: SLUG,
        name: ' ',
        allTools: 'chosen',
        toolNames: 'get_user',
        expiresInDays: '7',
      }),
    );
    expect(nameless).toMatchObject({
      code: 'INVALID',
      values: {
        name: ' ',
        scopes: '',
        allTools: 'chosen',
        toolNames: 'get_user',
        expiresInDays: '7',
      },
      formMessage: { tone: 'error', text: 'Check the highlighted fields.' },
    });
    expect(nameless.ok).toBeUndefined();
  });
});

describe('tools', () => {
  const script = { kind: 'script', handlerSource: 'export default () => 1' };

  it('creates a tool and saves a new version of it', async () => {
    const { createToolAction, saveToolAction } = await import('../tools/actions');
    current = users.editor;
    const created = await createToolAction(
      {},
      form({ workspace: SLUG, draft: JSON.stringify({ ...script, name: 'one' }) }),
    );
    expect(created, JSON.stringify(created)).toMatchObject({
      ok: true,
      data: { version: 1 },
      formMessage: { tone: 'success', text: 'Created version 1.' },
    });
    const { id } = created.data as { id: string };
    const saved = await saveToolAction(
      {},
      form({
        workspace: SLUG,
        toolId: id,
        expectedVersion: '1',
        draft: JSON.stringify({ ...script, name: 'one', description: 'The number one.' }),
      }),
    );
    expect(saved, JSON.stringify(saved)).toMatchObject({
      ok: true,
      data: { id, version: 2 },
      formMessage: { tone: 'success', text: 'Saved version 2.' },
    });
  }, 20_000);

  it('answers a refused draft, an unknown tool and a viewer with the service error', async () => {
    const { createToolAction, saveToolAction } = await import('../tools/actions');
    current = users.editor;
    const invalid = await createToolAction(
      {},
      form({ workspace: SLUG, draft: JSON.stringify({ ...script, name: 'get user' }) }),
    );
    expect(invalid).toMatchObject({
      ok: false,
      code: 'INVALID',
      formMessage: { tone: 'error', text: 'Check the highlighted fields.' },
    });
    expect(Object.keys(invalid.fieldErrors ?? {})).toEqual(['name']);
    const missing = await saveToolAction(
      {},
      form({
        workspace: SLUG,
        toolId: 'tool_missing',
        expectedVersion: '1',
        draft: JSON.stringify({ ...script, name: 'two' }),
      }),
    );
    expect(missing).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      fieldErrors: {},
      formMessage: { tone: 'error', text: 'Tool not found.' },
    });
    current = users.viewer;
    expect(
      (
        await createToolAction(
          {},
          form({ workspace: SLUG, draft: JSON.stringify({ ...script, name: 'three' }) }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });
});

describe('settings', () => {
  it('saves settings at the loaded version, refuses a stale one, and validates fields', async () => {
    const { updateSettingsAction } = await import('../settings/actions');
    current = users.admin;
    const before = (await getWorkspaceBySlug(db, SLUG))!;
    const saved = await updateSettingsAction(
      {},
      form({
        workspace: SLUG,
        expectedVersion: String(before.version),
        name: 'Flows Inc',
        errorStyle: 'result',
        rateLimitPerMinute: '900',
        egressAllowList: 'api.example.com\n*.stripe.com',
        recordPayloadsField: '1',
        recordPayloads: 'on',
      }),
    );
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    const after = (await getWorkspaceBySlug(db, SLUG))!;
    expect(after).toMatchObject({
      name: 'Flows Inc',
      errorStyle: 'result',
      rateLimitPerMinute: 900,
      egressAllowList: ['api.example.com', '*.stripe.com'],
      recordPayloads: true,
      scriptMemoryMb: before.scriptMemoryMb,
    });
    const stale = await updateSettingsAction(
      {},
      form({ workspace: SLUG, expectedVersion: String(before.version), name: 'Lost update' }),
    );
    expect(stale.code).toBe('CONFLICT');
    const bad = await updateSettingsAction(
      {},
      form({ workspace: SLUG, expectedVersion: String(after.version), scriptMemoryMb: '2' }),
    );
    expect(bad.code).toBe('INVALID');
    expect(bad.fieldErrors?.scriptMemoryMb).toBeTruthy();
    expect(bad.values?.scriptMemoryMb).toBe('2');
  });

  it('changes the slug (and redirects to the new address), refusing a taken one', async () => {
    const { updateSettingsAction } = await import('../settings/actions');
    const keyring = createKeyring([parseMasterKey(process.env.TOOLPLANE_MASTER_KEY!)]);
    await createWorkspace(db, keyring, {
      slug: 'taken',
      name: 'T',
      ownerUserId: users.newcomer.userId,
    });
    await createWorkspace(db, keyring, {
      slug: 'rename-me',
      name: 'R',
      ownerUserId: users.owner.userId,
    });
    current = users.owner;
    const version = String((await getWorkspaceBySlug(db, 'rename-me'))!.version);
    const taken = await updateSettingsAction(
      {},
      form({ workspace: 'rename-me', expectedVersion: version, slug: 'taken' }),
    );
    expect(taken.code).toBe('ALREADY_EXISTS');
    expect(taken.fieldErrors?.slug).toBeTruthy();
    expect(
      await redirected(
        updateSettingsAction(
          {},
          form({ workspace: 'rename-me', expectedVersion: version, slug: 'renamed' }),
        ),
      ),
    ).toBe('/w/renamed/settings?saved=1');
    expect(await getWorkspaceBySlug(db, 'rename-me')).toBeNull();
  });

  it('deletes a workspace only for its owner typing its slug', async () => {
    const { deleteWorkspaceAction } = await import('../settings/actions');
    const keyring = createKeyring([parseMasterKey(process.env.TOOLPLANE_MASTER_KEY!)]);
    const ws = await createWorkspace(db, keyring, {
      slug: 'doomed',
      name: 'D',
      ownerUserId: users.owner.userId,
    });
    await addMembership(db, ws.id, { userId: users.admin.userId, role: 'admin' });
    current = users.admin;
    expect(
      (await deleteWorkspaceAction({}, form({ workspace: 'doomed', confirmSlug: 'doomed' }))).code,
    ).toBe('FORBIDDEN');
    current = users.owner;
    const wrong = await deleteWorkspaceAction(
      {},
      form({ workspace: 'doomed', confirmSlug: 'doom' }),
    );
    expect(wrong.code).toBe('INVALID');
    expect(wrong.fieldErrors?.confirmSlug).toContain('doomed');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(
      await redirected(
        deleteWorkspaceAction({}, form({ workspace: 'doomed', confirmSlug: 'doomed' })),
      ),
    ).toBe('/');
    expect(await getWorkspaceBySlug(db, 'doomed')).toBeNull();
  });
});

describe('members', () => {
  it('invites by link, and the invitee joins with the role by accepting it', async () => {
    const { inviteMemberAction, acceptInvitationAction } = await import('../members/actions');
    current = users.admin;
    const owner = await inviteMemberAction(
      {},
      form({ workspace: SLUG, email: users.newcomer.email, role: 'owner' }),
    );
    expect(owner.code).toBe('FORBIDDEN'); // an admin cannot mint owners
    expect(owner.fieldErrors?.role).toBeTruthy();
    const invited = await inviteMemberAction(
      {},
      form({ workspace: SLUG, email: users.newcomer.email, role: 'editor' }),
    );
    expect(invited.ok).toBe(true);
    const token = invited.data!.token;
    // The same link, mailed through the configured mailer (here the development outbox).
    const { devOutbox } = await import('./dev-outbox');
    const mail = devOutbox.list().find((m) => m.to === users.newcomer.email.toLowerCase());
    expect(mail?.subject).toMatch(/^Join Flows.* on Toolplane$/);
    expect(mail?.text).toContain(`http://dash.test/invite/${encodeURIComponent(token)}`);
    expect(mail?.text).toContain('as an editor');
    expect(mail?.text).toContain(users.admin.email);
    expect(invited.formMessage?.text).toMatch(/^Invitation emailed to /);
    current = users.newcomer;
    expect(await redirected(acceptInvitationAction({}, form({ token })))).toBe(`/w/${SLUG}/tools`);
    expect((await getMembership(db, await workspaceId(), users.newcomer.userId))?.role).toBe(
      'editor',
    );
    // A link works once.
    expect((await acceptInvitationAction({}, form({ token }))).code).toBe('NOT_FOUND');
    current = null;
    expect((await acceptInvitationAction({}, form({ token }))).code).toBe('UNAUTHENTICATED');
  });

  it('changes roles (ownership only by owners), removes members, and keeps the last owner', async () => {
    const { setMemberRoleAction, removeMemberAction, leaveWorkspaceAction } = await import(
      '../members/actions'
    );
    const id = await workspaceId();
    current = users.admin;
    expect(
      (
        await setMemberRoleAction(
          {},
          form({ workspace: SLUG, userId: users.newcomer.userId, role: 'owner' }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await setMemberRoleAction(
          {},
          form({ workspace: SLUG, userId: users.newcomer.userId, role: 'viewer' }),
        )
      ).ok,
    ).toBe(true);
    expect((await getMembership(db, id, users.newcomer.userId))?.role).toBe('viewer');
    expect(
      (await removeMemberAction({}, form({ workspace: SLUG, userId: users.owner.userId }))).code,
    ).toBe('FORBIDDEN');
    expect(
      (await removeMemberAction({}, form({ workspace: SLUG, userId: users.newcomer.userId }))).ok,
    ).toBe(true);
    expect(await getMembership(db, id, users.newcomer.userId)).toBeNull();
    current = users.owner;
    expect((await leaveWorkspaceAction({}, form({ workspace: SLUG }))).code).toBe('INVALID');
    expect((await leaveWorkspaceAction({}, form({ workspace: SLUG, confirm: 'leave' }))).code).toBe(
      'CONFLICT',
    );
    expect((await getMembership(db, id, users.owner.userId))?.role).toBe('owner');
    const audit = (await listAuditEvents(db, id, { limit: 50 })).map((e) => e.action);
    expect(audit).toEqual(
      expect.arrayContaining([
        'member.invite',
        'invitation.accept',
        'member.set-role',
        'member.remove',
      ]),
    );
  });
});

describe('playground', () => {
  it('runs a tool through the runtime with a short-lived tps_ token and shows its result', async () => {
    const { runToolAction } = await import('../playground/actions');
    current = users.editor;
    const id = await workspaceId();
    const state = await runToolAction(
      {},
      form({
        workspace: SLUG,
        toolName: 'get_user',
        args: '{"id":1}',
        'header.X-Partner-Key': 'pk-2',
        'header.X-Client-Authorization': '',
        headers: 'X-Api-Key: k1',
      }),
    );
    expect(state.ok, JSON.stringify(state)).toBe(true);
    const call = runtimeCalls.at(-1)!;
    expect(call.url).toBe(`/t/${SLUG}/mcp`);
    expect(call.headers.authorization).toMatch(/^Bearer tps_/);
    expect(call.headers['x-api-key']).toBe('k1');
    // The labelled inputs the tool's policy asks for; an empty one is not sent.
    expect(call.headers['x-partner-key']).toBe('pk-2');
    expect(call.headers).not.toHaveProperty('x-client-authorization');
    expect(call.body).toMatchObject({
      method: 'tools/call',
      params: { name: 'get_user', arguments: { id: 1 } },
    });
    expect(state.data?.result).toMatchObject({ structuredContent: { results: [{ id: 1 }] } });
    // The runtime's log line for this call is picked up by request id (timings, cache hit).
    expect(state.data?.invocation).toBeNull();
    void id;
  }, 20_000);

  it('reports a stage failure with its code and stage, and refuses bad input and viewers', async () => {
    const { runToolAction } = await import('../playground/actions');
    current = users.editor;
    const failed = await runToolAction(
      {},
      form({ workspace: SLUG, toolName: 'broken', args: '{}' }),
    );
    expect(failed.ok).toBe(true);
    expect(failed.data).toMatchObject({ ok: false, error: { code: -32000, stage: 'connector' } });
    expect(
      (await runToolAction({}, form({ workspace: SLUG, toolName: 'x', args: '[1]' }))).fieldErrors
        ?.args,
    ).toBeTruthy();
    expect(
      (await runToolAction({}, form({ workspace: SLUG, toolName: 'x', headers: 'nope' })))
        .fieldErrors?.headers,
    ).toBeTruthy();
    current = users.viewer;
    expect((await runToolAction({}, form({ workspace: SLUG, toolName: 'get_user' }))).code).toBe(
      'FORBIDDEN',
    );
  }, 20_000);
});

describe('activity', () => {
  it('shows viewers call metadata without inputs or results, and editors everything', async () => {
    const { getActivity, listActivity, openWorkspace } = await import('@toolplane/services');
    const { getServiceDeps } = await import('./service-deps');
    const id = await workspaceId();
    await insertInvocations(db, [
      {
        workspaceId: id,
        toolName: 'get_user',
        status: 'error',
        errorCode: '-32000',
        errorStage: 'connector',
        durationMs: 12,
        inputs: { id: 7 },
        resultPreview: { secret: 'no' },
        requestId: 'req-activity',
      },
    ]);
    const asViewer = await openWorkspace(getServiceDeps(), users.viewer, SLUG, 'activity.list');
    const { items, stats } = await listActivity(asViewer, { stage: 'connector' });
    expect(items.map((i) => [i.toolName, i.inputs])).toEqual([['get_user', null]]);
    expect(stats.errorsByStage).toEqual([{ stage: 'connector', count: 1 }]);
    expect((await getActivity(asViewer, items[0]!.id)).resultPreview).toBeNull();
    const asEditor = await openWorkspace(getServiceDeps(), users.editor, SLUG, 'activity.list');
    expect((await getActivity(asEditor, items[0]!.id)).inputs).toEqual({ id: 7 });
    await expect(getActivity(asEditor, 'call_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('account', () => {
  it('changes the password, ends other sessions and re-issues this one', async () => {
    const { changePasswordAction } = await import('../account/actions');
    const { getUser } = await import('@toolplane/db');
    current = users.viewer;
    const before = (await getUser(db, users.viewer.userId))!.sessionVersion;
    const wrong = await changePasswordAction(
      {},
      form({
        currentPassword: 'nope',
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      }),
    );
    expect(wrong.fieldErrors?.currentPassword).toBeTruthy();
    const mismatch = await changePasswordAction(
      {},
      form({
        currentPassword: 'correct horse battery staple',
        newPassword: 'a brand new passphrase',
        confirmPassword: 'other',
      }),
    );
    expect(mismatch.fieldErrors?.confirmPassword).toBeTruthy();
    const ok = await changePasswordAction(
      {},
      form({
        currentPassword: 'correct horse battery staple',
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      }),
    );
    expect(ok.ok, JSON.stringify(ok)).toBe(true);
    expect((await getUser(db, users.viewer.userId))!.sessionVersion).toBeGreaterThan(before);
    expect(signIns.at(-1)).toEqual([
      'credentials',
      {
        email: users.viewer.email,
        password: 'a brand new passphrase',
        redirectTo: '/account?changed=1',
      },
    ]);
  });
});

describe('password reset', () => {
  it('mails a one-time link to the outbox (the same answer for unknown addresses) and sets the password', async () => {
    const { requestPasswordResetAction, resetPasswordAction } = await import(
      '../auth/password-reset/actions'
    );
    const { devOutbox } = await import('./dev-outbox');
    const { getUser } = await import('@toolplane/db');
    current = null;
    const unknown = await requestPasswordResetAction({}, form({ email: 'nobody@example.com' }));
    const known = await requestPasswordResetAction({}, form({ email: users.editor.email }));
    expect(unknown.formMessage).toEqual(known.formMessage);
    expect(
      (await requestPasswordResetAction({}, form({ email: 'nope' }))).fieldErrors?.email,
    ).toBeTruthy();
    const mail = devOutbox.list()[0]!;
    expect(mail.to).toBe(users.editor.email);
    const token = /http:\/\/dash\.test\/reset-password\/(\S+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const before = (await getUser(db, users.editor.userId))!.sessionVersion;
    expect(
      (
        await resetPasswordAction(
          {},
          form({ token: token!, newPassword: 'short', confirmPassword: 'short' }),
        )
      ).fieldErrors?.newPassword,
    ).toBeTruthy();
    const password = 'another long passphrase';
    expect(
      await redirected(
        resetPasswordAction(
          {},
          form({
            token: decodeURIComponent(token!),
            newPassword: password,
            confirmPassword: password,
          }),
        ),
      ),
    ).toBe('/sign-in?reset=1');
    expect((await getUser(db, users.editor.userId))!.sessionVersion).toBeGreaterThan(before);
    // The link works once.
    expect(
      (
        await resetPasswordAction(
          {},
          form({
            token: decodeURIComponent(token!),
            newPassword: password,
            confirmPassword: password,
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });
});

describe('auth policies', () => {
  it('creates a policy per plugin with field errors, keeps credentials write-only, and redacts them in the audit log', async () => {
    const { createPolicyAction, updatePolicyAction, deletePolicyAction } = await import(
      '../policies/actions'
    );
    const { listPolicies, openWorkspace } = await import('@toolplane/services');
    const { getServiceDeps } = await import('./service-deps');
    current = users.editor;
    const jwt = await createPolicyAction(
      {},
      form({
        workspace: SLUG,
        name: 'both',
        plugin: 'jwt',
        'param.secret': 's3cret-value',
        'param.jwks_url': 'https://issuer.example.com/jwks.json',
      }),
    );
    expect(jwt.code).toBe('INVALID');
    expect(jwt.fieldErrors?.['params.secret']).toContain('exactly one');
    expect(JSON.stringify(jwt.values)).not.toContain('s3cret-value');
    expect(
      (
        await createPolicyAction(
          {},
          form({ workspace: SLUG, name: 'scopes', plugin: 'token_scopes' }),
        )
      ).fieldErrors?.['params.scopes'],
    ).toBeTruthy();
    expect(
      await redirected(
        createPolicyAction(
          {},
          form({
            workspace: SLUG,
            name: 'partner-key',
            plugin: 'api_key',
            'param.header': 'X-Partner-Key',
            'param.value': 'k-123456',
          }),
        ),
      ),
    ).toBe(`/w/${SLUG}/policies`);
    const ctx = await openWorkspace(getServiceDeps(), users.viewer, SLUG, 'policy.list');
    const [policy] = await listPolicies(ctx);
    expect(policy).toMatchObject({ name: 'partner-key', plugin: 'api_key' });
    expect(policy!.params).toEqual({ header: 'X-Partner-Key', value: true });

    // Saving without retyping the key keeps it.
    const saved = await updatePolicyAction(
      {},
      form({
        workspace: SLUG,
        policyId: policy!.id,
        expectedVersion: String(policy!.version),
        name: 'partner-key',
        description: 'Partners only',
        plugin: 'api_key',
        'param.header': 'X-Partner-Key',
        'param.value': '',
      }),
    );
    expect(saved.ok, JSON.stringify(saved)).toBe(true);
    const { getAuthPolicy } = await import('@toolplane/db');
    // Kept, and stored encrypted (never as the literal).
    const storedParams = (await getAuthPolicy(db, await workspaceId(), policy!.id))?.params;
    expect(storedParams).toEqual({
      header: 'X-Partner-Key',
      value: { $encrypted: expect.stringMatching(/^v1\./) },
    });
    expect(JSON.stringify(storedParams)).not.toContain('k-123456');
    const stale = await updatePolicyAction(
      {},
      form({
        workspace: SLUG,
        policyId: policy!.id,
        expectedVersion: String(policy!.version),
        name: 'partner-key',
        plugin: 'allow_all',
      }),
    );
    expect(stale.code).toBe('CONFLICT');
    const audit = await listAuditEvents(db, await workspaceId(), { limit: 100 });
    const policyEvents = audit.filter((e) => e.targetType === 'policy');
    expect(policyEvents.map((e) => e.action).sort()).toEqual(['policy.create', 'policy.update']);
    expect(JSON.stringify(policyEvents)).not.toContain('k-123456');

    expect(
      await redirected(deletePolicyAction({}, form({ workspace: SLUG, policyId: policy!.id }))),
    ).toBe(`/w/${SLUG}/policies`);
    expect(await listPolicies(ctx)).toEqual([]);
  });
});
