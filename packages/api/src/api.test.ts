import { createHash } from 'node:crypto';
import { compileErrors, validate } from '@readme/openapi-parser';
import { verifyRuntimeToken } from '@toolplane/auth/runtime-token';
import {
  addMembership,
  type ChangeNotification,
  claimIdempotencyKey,
  createTool,
  createUser,
  createWorkspace,
  decryptPolicyCredentials,
  getWorkspaceDataKey,
  insertInvocations,
  listenForChanges,
  type MemberRole,
  policyCredentialAad,
  type Workspace,
} from '@toolplane/db';
import {
  type ActionId,
  createPersonalAccessToken,
  type MailMessage,
  ROLES,
  roleAllows,
  type WorkspaceActionId,
} from '@toolplane/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from './api-routes';
import { createApiHandler } from './create-api-handler';
import { createMemoryRateLimiter } from './http/rate-limiter';
import { buildOpenApiDocument } from './openapi/build-openapi-document';
import { type ApiFixture, createApiFixture } from './test-support/create-api-fixture';
import { serveApi } from './test-support/serve-api';

let f: ApiFixture;
let acme: Workspace;
let other: Workspace;
const tokens = {} as Record<MemberRole | 'stranger', string>;
const userIds = {} as Record<MemberRole | 'stranger', string>;
const tokenIds = {} as Record<MemberRole | 'stranger', string>;
const outbox: MailMessage[] = [];

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field.
  body: any;
}

async function call(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  origin = f.origin,
): Promise<Answer> {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (/json/.test(response.headers.get('content-type') ?? '') && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed };
}

function expectProblem(answer: Answer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  expect(answer.body).toMatchObject({ status, code, requestId: expect.any(String) });
  expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.ts:\d+|Prisma|stack/i);
}

/** Follows `nextCursor` from `path` (which has a query string) to the last page. */
// biome-ignore lint/suspicious/noExplicitAny: like Answer.body, items are inspected field by field.
async function walk(token: string, path: string): Promise<{ items: any[]; pages: number }> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Answer = await call(token, 'GET', `${path}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

beforeAll(async () => {
  f = await createApiFixture({
    runtimeUrl: 'http://runtime.test:4000',
    mailer: { send: async (message) => void outbox.push(message) },
  });
  for (const who of [...ROLES, 'stranger'] as const) {
    const user = await createUser(f.db, { email: `${who}@api.test` });
    userIds[who] = user.id;
    const created = await createPersonalAccessToken(
      f.deps,
      { userId: user.id, requestId: 'setup' },
      { name: `${who} CLI`, scopes: ['tools:call'] },
    );
    tokens[who] = created.token;
    tokenIds[who] = created.tokenInfo.id;
  }
  acme = await createWorkspace(f.db, f.deps.keyring, {
    slug: 'acme',
    name: 'Acme',
    ownerUserId: userIds.owner,
  });
  for (const role of ['admin', 'editor', 'viewer'] as const)
    await addMembership(f.db, acme.id, { userId: userIds[role], role });
  other = await createWorkspace(f.db, f.deps.keyring, {
    slug: 'other',
    name: 'Other',
    ownerUserId: userIds.stranger,
  });
}, 60_000);

afterAll(() => f?.close());

describe('reference', () => {
  it('serves a valid OpenAPI 3.1 document without a token, built from the route table', async () => {
    const answer = await call(null, 'GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    for (const route of API_ROUTES)
      expect(answer.body.paths[`/api/v1${route.path}`]?.[route.method.toLowerCase()]).toBeDefined();
    const result = await validate(structuredClone(answer.body));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    // The wire side of a timestamp is a string, and a create body's defaults are optional.
    const tool = answer.body.components.schemas.Tool;
    expect(tool.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
  });

  it('renders the reference page with no script and a nonce-bound stylesheet', async () => {
    const answer = await call(null, 'GET', '/docs');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const html = answer.body as string;
    expect(html).not.toMatch(/<script|https?:\/\/(?!json-schema)/);
    const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
    expect(answer.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(html).toContain('/api/v1/workspaces/{workspace}/tools/{tool}/rollback');
    // Under the dashboard the proxy's nonce is reused.
    const proxied = await call(null, 'GET', '/docs', undefined, {
      'content-security-policy': "style-src 'self' 'nonce-QUJDRA=='",
    });
    expect(proxied.body).toContain('<style nonce="QUJDRA==">');
  });

  it('answers unknown paths with 404 and wrong methods with 405 + Allow', async () => {
    expectProblem(await call(tokens.owner, 'GET', '/nope'), 404, 'NOT_FOUND');
    const wrong = await call(tokens.owner, 'PUT', '/workspaces');
    expectProblem(wrong, 405, 'INVALID');
    expect(wrong.headers.get('allow')).toBe('GET, POST');
  });
});

describe('personal access token authentication', () => {
  it('refuses a missing or unknown token with 401 and WWW-Authenticate', async () => {
    const missing = await call(null, 'GET', '/me');
    expectProblem(missing, 401, 'UNAUTHENTICATED');
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const unknown = await call(`tpp_${'x'.repeat(43)}`, 'GET', '/me');
    expectProblem(unknown, 401, 'UNAUTHENTICATED');
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
    expectProblem(await call('tp_not-a-pat', 'GET', '/workspaces'), 401, 'UNAUTHENTICATED');
  });

  it('answers /me for the token’s user', async () => {
    const me = await call(tokens.editor, 'GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: userIds.editor, email: 'editor@api.test', name: null });
  });

  it('creates, lists and revokes tokens; a revoked or expired token stops working at once', async () => {
    const created = await call(tokens.viewer, 'POST', '/personal-access-tokens', {
      name: 'laptop',
      expiresInDays: 7,
    });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^tpp_/);
    expect(created.body.tokenInfo).not.toHaveProperty('tokenHash');
    const fresh = created.body.token as string;
    expect((await call(fresh, 'GET', '/me')).body.id).toBe(userIds.viewer);

    const listed = await call(fresh, 'GET', '/personal-access-tokens');
    expect(listed.body.items.map((t: { name: string }) => t.name).sort()).toEqual([
      'laptop',
      'viewer CLI',
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/tpp_[A-Za-z0-9_-]{20}/);

    // Another user's token id is not found, and stays valid.
    expectProblem(
      await call(tokens.owner, 'DELETE', `/personal-access-tokens/${created.body.tokenInfo.id}`),
      404,
      'NOT_FOUND',
    );
    expect((await call(fresh, 'GET', '/me')).status).toBe(200);
    const revoked = await call(
      tokens.viewer,
      'DELETE',
      `/personal-access-tokens/${created.body.tokenInfo.id}`,
    );
    expect(revoked.status).toBe(204);
    expectProblem(await call(fresh, 'GET', '/me'), 401, 'UNAUTHENTICATED');

    const expiring = await call(tokens.viewer, 'POST', '/personal-access-tokens', {
      name: 'short',
      expiresInDays: 1,
    });
    expect((await call(expiring.body.token, 'GET', '/me')).status).toBe(200);
    await f.db.personalAccessToken.update({
      where: { id: expiring.body.tokenInfo.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expectProblem(await call(expiring.body.token, 'GET', '/me'), 401, 'UNAUTHENTICATED');
  });

  it('never mints a token that outlives or out-scopes the one making the call', async () => {
    const forever = await call(tokens.admin, 'POST', '/personal-access-tokens', {
      name: 'forever',
      expiresInDays: null,
    });
    expect(forever.status).toBe(201);
    const parent = await f.db.personalAccessToken.findUnique({ where: { id: tokenIds.admin } });
    expect(forever.body.tokenInfo.expiresAt).toBe(parent?.expiresAt?.toISOString());
    const wider = await call(tokens.admin, 'POST', '/personal-access-tokens', {
      name: 'wider',
      scopes: ['tools:call', 'admin'],
    });
    expectProblem(wider, 403, 'FORBIDDEN');
    expect(wider.body.errors).toEqual([
      { field: 'scopes', reason: expect.stringMatching(/admin/) },
    ]);
  });

  it('names each invalid field', async () => {
    const bad = await call(tokens.viewer, 'POST', '/personal-access-tokens', {
      name: '',
      expiresInDays: 0,
      scopes: 'all',
    });
    expectProblem(bad, 422, 'INVALID');
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'expiresInDays',
      'name',
      'scopes',
    ]);
  });
});

describe('request bodies', () => {
  it('refuses malformed JSON (400), a non-JSON type (415) and an oversized body (413)', async () => {
    const malformed = await call(tokens.owner, 'POST', '/workspaces', '{"name": "x",');
    expectProblem(malformed, 400, 'INVALID');
    expect(malformed.body.errors).toEqual([{ field: 'body', reason: 'Malformed JSON.' }]);
    const text = await call(tokens.owner, 'POST', '/workspaces', 'name=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expectProblem(text, 415, 'NOT_ACCEPTABLE');
    const huge = await call(tokens.owner, 'POST', '/workspaces', {
      name: 'x'.repeat(1024 * 1024 + 10),
      slug: 'huge',
    });
    expectProblem(huge, 413, 'PAYLOAD_TOO_LARGE');
    // A body sent without a declared length (chunked) is counted as it arrives.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++)
          controller.enqueue(new TextEncoder().encode('x'.repeat(32_768)));
        controller.close();
      },
    });
    const chunked = await fetch(`${f.origin}/api/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('refuses bad query parameters by name', async () => {
    const bad = await call(tokens.owner, 'GET', '/workspaces/acme/connectors?limit=0');
    expectProblem(bad, 400, 'INVALID');
    expect(bad.body.errors).toEqual([{ field: 'limit', reason: 'Use at least 1.' }]);
    const cursor = await call(tokens.owner, 'GET', '/workspaces/acme/connectors?cursor=%27--');
    expectProblem(cursor, 400, 'INVALID');
  });
});

describe('workspaces', () => {
  it('creates once per Idempotency-Key, replays the first answer, refuses another body', async () => {
    const key = 'create-ws-1';
    const beta = { name: 'Beta', slug: 'beta' };
    const create = (who: MemberRole, body: { name: string; slug: string }, idempotencyKey = key) =>
      call(tokens[who], 'POST', '/workspaces', body, { 'idempotency-key': idempotencyKey });
    const first = await create('editor', beta);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ slug: 'beta', role: 'owner', version: 1 });
    expect(first.body).not.toHaveProperty('wrappedDataKey');
    const again = await create('editor', beta);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const count = await f.db.workspace.count({ where: { slug: 'beta' } });
    expect(count).toBe(1);
    const different = await create('editor', { name: 'Gamma', slug: 'gamma' });
    expectProblem(different, 422, 'INVALID');
    // While the first request with a key still runs, a retry is told to wait.
    await claimIdempotencyKey(f.db, {
      scope: `${tokenIds.editor}:POST /workspaces:{}`,
      key: 'in-flight',
      requestHash: createHash('sha256')
        .update(JSON.stringify({ name: 'Slow', slug: 'slow' }))
        .digest('hex'),
      ttlMs: 60_000,
    });
    const inFlight = await create('editor', { name: 'Slow', slug: 'slow' }, 'in-flight');
    expectProblem(inFlight, 409, 'CONFLICT');
    expect(inFlight.headers.get('retry-after')).toBe('1');
    // The same key from another token is another request.
    const otherToken = await create('viewer', beta);
    expectProblem(otherToken, 409, 'ALREADY_EXISTS');
    // Without a key, a retry is a second create (here: refused, the slug is taken).
    expectProblem(await call(tokens.editor, 'POST', '/workspaces', beta), 409, 'ALREADY_EXISTS');
  });

  it('lists only the caller’s workspaces with cursor pagination', async () => {
    for (const slug of ['p1', 'p2', 'p3'])
      await call(tokens.admin, 'POST', '/workspaces', { name: slug, slug });
    const { items, pages } = await walk(tokens.admin, '/workspaces?limit=2');
    expect(pages).toBe(2);
    expect(items.map((w: { slug: string }) => w.slug).sort()).toEqual(['acme', 'p1', 'p2', 'p3']);
  });

  it('updates with the version read; a stale version is 409 and changes nothing', async () => {
    const current = await call(tokens.admin, 'GET', '/workspaces/acme');
    expect(current.body).toMatchObject({ slug: 'acme', role: 'admin' });
    const version = current.body.version as number;
    expect(current.headers.get('etag')).toBe(`"${version}"`);
    const updated = await call(tokens.admin, 'PATCH', '/workspaces/acme', {
      name: 'Acme Corp',
      version,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Acme Corp', version: version + 1 });
    expect(updated.body.rateLimitPerMinute).toBe(current.body.rateLimitPerMinute);
    const stale = await call(tokens.admin, 'PATCH', '/workspaces/acme', {
      name: 'Lost update',
      version,
    });
    expectProblem(stale, 409, 'CONFLICT');
    const viaIfMatch = await call(
      tokens.admin,
      'PATCH',
      '/workspaces/acme',
      { recordPayloads: true },
      { 'if-match': `"${version + 1}"` },
    );
    expect(viaIfMatch.body).toMatchObject({ name: 'Acme Corp', recordPayloads: true });
    const missing = await call(tokens.admin, 'PATCH', '/workspaces/acme', { name: 'x' });
    expectProblem(missing, 422, 'INVALID');
    expect(missing.body.errors).toEqual([{ field: 'version', reason: expect.any(String) }]);
    const invalid = await call(tokens.admin, 'PATCH', '/workspaces/acme', {
      rateLimitPerMinute: -1,
      bogus: 1,
      version: version + 2,
    });
    expectProblem(invalid, 422, 'INVALID');
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'bogus',
      'rateLimitPerMinute',
    ]);
  });

  it('deletes a workspace (owner only)', async () => {
    await call(tokens.editor, 'POST', '/workspaces', { name: 'Doomed', slug: 'doomed' });
    const invited = await f.db.workspace.findFirst({ where: { slug: 'doomed' } });
    await addMembership(f.db, invited!.id, { userId: userIds.admin, role: 'admin' });
    expectProblem(await call(tokens.admin, 'DELETE', '/workspaces/doomed'), 403, 'FORBIDDEN');
    const deleted = await call(tokens.editor, 'DELETE', '/workspaces/doomed');
    expect(deleted.status).toBe(204);
    expectProblem(await call(tokens.editor, 'GET', '/workspaces/doomed'), 404, 'NOT_FOUND');
  });
});

describe('tenancy', () => {
  it.each([
    '/workspaces/other',
    '/workspaces/other/connectors',
    '/workspaces/other/secrets',
    '/workspaces/other/tools/anything',
  ])(
    'answers 404 for a workspace the caller is not a member of, exactly as for none: GET %s',
    async (path) => {
      const theirs = await call(tokens.owner, 'GET', path);
      const none = await call(tokens.owner, 'GET', path.replace('other', 'no-such-ws'));
      expectProblem(theirs, 404, 'NOT_FOUND');
      expectProblem(none, 404, 'NOT_FOUND');
      expect(theirs.body.detail).toBe(none.body.detail);
    },
  );

  it('answers 404 to a write into a workspace the caller is not a member of, and writes nothing', async () => {
    expectProblem(
      await call(tokens.owner, 'PUT', '/workspaces/other/secrets/STOLEN', { value: 'x' }),
      404,
      'NOT_FOUND',
    );
    expect(await f.db.secret.count({ where: { workspaceId: other.id } })).toBe(0);
  });

  it('never reaches another tenant’s row by id through our own workspace', async () => {
    const theirs = await call(tokens.stranger, 'POST', '/workspaces/other/tokens', {
      name: 'theirs',
    });
    expect(theirs.status).toBe(201);
    expectProblem(
      await call(tokens.owner, 'DELETE', `/workspaces/acme/tokens/${theirs.body.tokenInfo.id}`),
      404,
      'NOT_FOUND',
    );
    const still = await call(tokens.stranger, 'GET', '/workspaces/other/tokens');
    expect(still.body.items[0].revokedAt).toBeNull();
  });
});

describe('authorization per role', () => {
  // Every workspace route, as each role. A write is sent with an empty body: a role the registry
  // allows gets past authorization to validation (or succeeds), a refused one is 403 before the
  // body is read.
  const cases: { method: string; path: string; body?: unknown; action?: WorkspaceActionId }[] = [
    { method: 'GET', path: '/workspaces/acme' },
    { method: 'PATCH', path: '/workspaces/acme', body: {} },
    { method: 'GET', path: '/workspaces/acme/members' },
    { method: 'PATCH', path: '/workspaces/acme/members/usr_nobody', body: {} },
    // The route lets everyone in (to leave); removing someone else is member.remove.
    { method: 'DELETE', path: '/workspaces/acme/members/usr_nobody', action: 'member.remove' },
    { method: 'POST', path: '/workspaces/acme/invitations', body: {} },
    { method: 'DELETE', path: '/workspaces/acme/invitations/inv_nobody' },
    { method: 'GET', path: '/workspaces/acme/connectors' },
    { method: 'POST', path: '/workspaces/acme/connectors', body: {} },
    { method: 'GET', path: '/workspaces/acme/connectors/none' },
    { method: 'PATCH', path: '/workspaces/acme/connectors/none', body: { version: 1 } },
    { method: 'DELETE', path: '/workspaces/acme/connectors/none' },
    { method: 'POST', path: '/workspaces/acme/connectors/none/test' },
    { method: 'GET', path: '/workspaces/acme/secrets' },
    { method: 'PUT', path: '/workspaces/acme/secrets/NONE', body: {} },
    { method: 'DELETE', path: '/workspaces/acme/secrets/NONE' },
    { method: 'GET', path: '/workspaces/acme/policies' },
    { method: 'POST', path: '/workspaces/acme/policies', body: {} },
    { method: 'GET', path: '/workspaces/acme/policies/none' },
    { method: 'PATCH', path: '/workspaces/acme/policies/none', body: { version: 1 } },
    { method: 'DELETE', path: '/workspaces/acme/policies/none' },
    { method: 'GET', path: '/workspaces/acme/tools' },
    { method: 'POST', path: '/workspaces/acme/tools', body: {} },
    { method: 'GET', path: '/workspaces/acme/tools/none' },
    { method: 'PATCH', path: '/workspaces/acme/tools/none', body: { version: 1 } },
    { method: 'DELETE', path: '/workspaces/acme/tools/none' },
    { method: 'GET', path: '/workspaces/acme/tools/none/versions' },
    { method: 'POST', path: '/workspaces/acme/tools/none/rollback', body: {} },
    { method: 'GET', path: '/workspaces/acme/tokens' },
    { method: 'POST', path: '/workspaces/acme/tokens', body: {} },
    { method: 'DELETE', path: '/workspaces/acme/tokens/tok_nobody' },
    { method: 'GET', path: '/workspaces/acme/invocations' },
    { method: 'GET', path: '/workspaces/acme/invocations/call_nobody' },
    { method: 'GET', path: '/workspaces/acme/audit-events' },
    { method: 'POST', path: '/workspaces/acme/runtime-tokens', body: {} },
  ];

  it('covers every workspace route of the table', () => {
    const covered = new Set(
      cases.map(
        (c) => `${c.method} ${c.path.replace(/\/workspaces\/acme/, '/workspaces/{workspace}')}`,
      ),
    );
    // Routes other suites own (GitOps, Hyperterse) test their roles themselves.
    const tags = new Set(['Workspaces', 'Members', 'Connectors', 'Secrets', 'Policies', 'Tools']);
    for (const tag of ['API tokens', 'Activity', 'Runtime']) tags.add(tag);
    const workspaceRoutes = API_ROUTES.filter(
      (r) => r.path.startsWith('/workspaces/{workspace}') && tags.has(r.tag),
    );
    // Deleting the workspace would end the table; its roles are checked in "deletes a workspace".
    expect(covered.size).toBe(workspaceRoutes.length - 1);
  });

  it.each(cases)('lets exactly the registry’s roles through: $method $path', async (c) => {
    const route = API_ROUTES.find(
      (r) =>
        r.method === c.method &&
        new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(
          c.path.replace('/workspaces/acme', '/workspaces/x'),
        ) &&
        r.path.startsWith('/workspaces/{workspace}'),
    );
    expect(route, `${c.method} ${c.path}`).toBeDefined();
    for (const role of ROLES) {
      const answer = await call(tokens[role], c.method, c.path, c.body);
      const action = c.action ?? (route?.action as WorkspaceActionId);
      const allowed = roleAllows(role, action);
      const label = `${c.method} ${c.path} as ${role} (${action})`;
      if (allowed) expect(answer.status, label).not.toBe(403);
      else expectProblem(answer, 403, 'FORBIDDEN');
      expect(answer.status, label).not.toBe(500);
    }
    const stranger = await call(tokens.stranger, c.method, c.path, c.body);
    expectProblem(stranger, 404, 'NOT_FOUND');
  });
});

describe('connectors, secrets and policies', () => {
  it('creates, reads, updates (versioned), tests and deletes a connector by name', async () => {
    const created = await call(tokens.editor, 'POST', '/workspaces/acme/connectors', {
      name: 'main-db',
      type: 'postgres',
      connection: 'postgres://app:hunter2@127.0.0.1:1/app',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'main-db', hasUrl: true, version: 1 });
    expect(JSON.stringify(created.body)).not.toContain('hunter2');
    const got = await call(tokens.viewer, 'GET', '/workspaces/acme/connectors/main-db');
    expect(got.body.id).toBe(created.body.id);
    const updated = await call(tokens.editor, 'PATCH', '/workspaces/acme/connectors/main-db', {
      description: 'The app database',
      version: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      description: 'The app database',
      hasUrl: true,
      version: 2,
    });
    expectProblem(
      await call(tokens.editor, 'PATCH', '/workspaces/acme/connectors/main-db', {
        description: 'stale',
        version: 1,
      }),
      409,
      'CONFLICT',
    );
    const tested = await call(tokens.editor, 'POST', '/workspaces/acme/connectors/main-db/test');
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(false);
    const invalid = await call(tokens.editor, 'POST', '/workspaces/acme/connectors', {
      name: 'bad name!',
      type: 'oracle',
    });
    expectProblem(invalid, 422, 'INVALID');
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'name',
      'type',
    ]);
    expect(
      (await call(tokens.editor, 'DELETE', '/workspaces/acme/connectors/main-db')).status,
    ).toBe(204);
    expectProblem(
      await call(tokens.editor, 'GET', '/workspaces/acme/connectors/main-db'),
      404,
      'NOT_FOUND',
    );
  });

  it('sets, rotates (versioned) and deletes secrets without ever returning a value', async () => {
    const created = await call(tokens.editor, 'PUT', '/workspaces/acme/secrets/API_KEY', {
      value: 's3cr3t-value',
      description: 'Upstream key',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'API_KEY', version: 1 });
    const rotated = await call(tokens.editor, 'PUT', '/workspaces/acme/secrets/API_KEY', {
      value: 'n3w-value',
      version: 1,
    });
    expect(rotated.body.version).toBe(2);
    expectProblem(
      await call(tokens.editor, 'PUT', '/workspaces/acme/secrets/API_KEY', {
        value: 'lost',
        version: 1,
      }),
      409,
      'CONFLICT',
    );
    const listed = await call(tokens.viewer, 'GET', '/workspaces/acme/secrets');
    expect(listed.body.items.map((s: { name: string }) => s.name)).toContain('API_KEY');
    expect(JSON.stringify(listed.body)).not.toMatch(/s3cr3t|n3w-value|ciphertext/);
    const invalid = await call(tokens.editor, 'PUT', '/workspaces/acme/secrets/9bad', {
      value: '',
    });
    expectProblem(invalid, 422, 'INVALID');
    expect(invalid.body.errors.map((e: { field: string }) => e.field)).toContain('value');
    expect((await call(tokens.editor, 'DELETE', '/workspaces/acme/secrets/API_KEY')).status).toBe(
      204,
    );
  });

  it('keeps policy credentials write-only across a partial update', async () => {
    const created = await call(tokens.editor, 'POST', '/workspaces/acme/policies', {
      name: 'partner-key',
      plugin: 'api_key',
      params: { value: 'k-123456', header: 'X-Api-Key' },
    });
    expect(created.status).toBe(201);
    expect(created.body.params).toEqual({ value: true, header: 'X-Api-Key' });
    const updated = await call(tokens.editor, 'PATCH', '/workspaces/acme/policies/partner-key', {
      description: 'For the partner',
      version: created.body.version,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ description: 'For the partner', params: { value: true } });
    // Kept across the PATCH, stored encrypted, and opened only with the workspace's data key.
    const stored = await f.db.authPolicy.findFirst({ where: { name: 'partner-key' } });
    expect(stored?.params).toEqual({
      value: { $encrypted: expect.stringMatching(/^v1\./) },
      header: 'X-Api-Key',
    });
    const dataKey = await getWorkspaceDataKey(f.db, f.deps.keyring, acme.id);
    expect(
      decryptPolicyCredentials(stored!.params as Record<string, unknown>, dataKey, (param) =>
        policyCredentialAad(acme.id, stored!.id, param),
      ),
    ).toEqual({ value: 'k-123456', header: 'X-Api-Key' });
    const reads = [
      await call(tokens.viewer, 'GET', '/workspaces/acme/policies/partner-key'),
      await call(tokens.viewer, 'GET', '/workspaces/acme/policies'),
      await call(tokens.owner, 'GET', '/workspaces/acme/audit-events?limit=100'),
    ];
    for (const read of reads) expect(read.status).toBe(200);
    expect(JSON.stringify(reads.map((r) => r.body))).not.toMatch(/k-123456|\$encrypted/);
    expect(
      (await call(tokens.editor, 'DELETE', '/workspaces/acme/policies/partner-key')).status,
    ).toBe(204);
  });
});

describe('tools', () => {
  it('never returns an inline auth block’s credential in a tool or its versions', async () => {
    await createTool(
      f.db,
      acme.id,
      {
        name: 'inline_guarded',
        kind: 'script',
        handlerSource: 'export default () => 1',
        authInline: { plugin: 'api_key', params: { value: 'inline-literal-key', header: 'X-K' } },
      },
      { keyring: f.deps.keyring },
    );
    const reads = [
      await call(tokens.viewer, 'GET', '/workspaces/acme/tools'),
      await call(tokens.viewer, 'GET', '/workspaces/acme/tools/inline_guarded'),
      await call(tokens.viewer, 'GET', '/workspaces/acme/tools/inline_guarded/versions'),
    ];
    for (const read of reads) expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(JSON.stringify(reads.map((r) => r.body))).not.toContain('inline-literal-key');
    expect(reads[2]!.body.items[0].definition.authInline).toEqual({
      plugin: 'api_key',
      params: { value: '[redacted]', header: 'X-K' },
    });
    expect(
      (await call(tokens.editor, 'DELETE', '/workspaces/acme/tools/inline_guarded')).status,
    ).toBe(204);
  });

  it('creates, patches, lists versions, rolls back and deletes a tool by name', async () => {
    const connector = await call(tokens.editor, 'POST', '/workspaces/acme/connectors', {
      name: 'tools-db',
      type: 'postgres',
      connection: 'postgres://u:p@127.0.0.1:1/x',
    });
    const created = await call(tokens.editor, 'POST', '/workspaces/acme/tools', {
      name: 'get_user',
      kind: 'statement',
      connectorId: connector.body.id,
      statement: 'SELECT 1 AS one',
      description: 'v1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'get_user', version: 1, description: 'v1' });
    const patched = await call(tokens.editor, 'PATCH', '/workspaces/acme/tools/get_user', {
      description: 'v2',
      version: 1,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      version: 2,
      description: 'v2',
      statement: 'SELECT 1 AS one',
    });
    expectProblem(
      await call(tokens.editor, 'PATCH', '/workspaces/acme/tools/get_user', {
        description: 'stale',
        version: 1,
      }),
      409,
      'CONFLICT',
    );
    const versions = await call(tokens.viewer, 'GET', '/workspaces/acme/tools/get_user/versions');
    expect(versions.body.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expectProblem(
      await call(
        tokens.editor,
        'POST',
        '/workspaces/acme/tools/get_user/rollback',
        { version: 1 },
        { 'if-match': '"1"' },
      ),
      409,
      'CONFLICT',
    );
    const rolled = await call(tokens.editor, 'POST', '/workspaces/acme/tools/get_user/rollback', {
      version: 1,
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body).toMatchObject({ version: 3, description: 'v1' });
    // Newest first, a page at a time, like every other list.
    const walked = await walk(tokens.viewer, '/workspaces/acme/tools/get_user/versions?limit=2');
    expect(walked.items.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    const forgedVersion = Buffer.from('v0').toString('base64url');
    expectProblem(
      await call(
        tokens.viewer,
        'GET',
        `/workspaces/acme/tools/get_user/versions?cursor=${forgedVersion}`,
      ),
      400,
      'INVALID',
    );
    const listed = await call(tokens.viewer, 'GET', '/workspaces/acme/tools');
    expect(listed.body.items.map((t: { name: string }) => t.name)).toEqual(['get_user']);
    const invalid = await call(tokens.editor, 'POST', '/workspaces/acme/tools', {
      name: 'Bad Name',
      kind: 'sql',
    });
    expectProblem(invalid, 422, 'INVALID');
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'kind',
      'name',
    ]);
    expect((await call(tokens.editor, 'DELETE', '/workspaces/acme/tools/get_user')).status).toBe(
      204,
    );
  });
});

describe('members and invitations', () => {
  it('lists members, changes a role with its version, invites and revokes', async () => {
    const members = await call(tokens.viewer, 'GET', '/workspaces/acme/members');
    expect(members.body.items).toHaveLength(4);
    const viewer = members.body.items.find((m: { role: string }) => m.role === 'viewer');
    expect(viewer).toMatchObject({ id: userIds.viewer, email: 'viewer@api.test' });
    const promoted = await call(
      tokens.admin,
      'PATCH',
      `/workspaces/acme/members/${userIds.viewer}`,
      {
        role: 'editor',
        version: viewer.version,
      },
    );
    expect(promoted.body).toMatchObject({ role: 'editor', version: viewer.version + 1 });
    expectProblem(
      await call(tokens.admin, 'PATCH', `/workspaces/acme/members/${userIds.viewer}`, {
        role: 'viewer',
        version: viewer.version,
      }),
      409,
      'CONFLICT',
    );
    const back = await call(tokens.admin, 'PATCH', `/workspaces/acme/members/${userIds.viewer}`, {
      role: 'viewer',
      version: viewer.version + 1,
    });
    expect(back.body.role).toBe('viewer');

    const invited = await call(tokens.admin, 'POST', '/workspaces/acme/invitations', {
      email: 'new@api.test',
      role: 'editor',
    });
    expect(invited.status).toBe(201);
    expect(invited.body.inviteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invite\/.+/);
    expect(invited.body.invitation).toMatchObject({ email: 'new@api.test', role: 'editor' });
    const mail = outbox.find((m) => m.to === 'new@api.test');
    expect(mail?.text).toContain(invited.body.inviteUrl);
    const bad = await call(tokens.admin, 'POST', '/workspaces/acme/invitations', {
      email: 'nope',
      role: 'king',
    });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'role',
    ]);
    const revoked = await call(
      tokens.admin,
      'DELETE',
      `/workspaces/acme/invitations/${invited.body.invitation.id}`,
    );
    expect(revoked.status).toBe(204);
  });

  it('removes a member (admins) and lets anyone leave', async () => {
    const extra = await createUser(f.db, { email: 'extra@api.test' });
    await addMembership(f.db, acme.id, { userId: extra.id, role: 'viewer' });
    expectProblem(
      await call(tokens.viewer, 'DELETE', `/workspaces/acme/members/${extra.id}`),
      403,
      'FORBIDDEN',
    );
    expect(
      (await call(tokens.admin, 'DELETE', `/workspaces/acme/members/${extra.id}`)).status,
    ).toBe(204);
  });
});

describe('API tokens, runtime tokens, activity and audit', () => {
  it('creates an MCP token once (idempotent), lists it without a value, and revokes it', async () => {
    const create = () =>
      call(
        tokens.admin,
        'POST',
        '/workspaces/acme/tokens',
        { name: 'agent', expiresInDays: 30 },
        { 'idempotency-key': 'mcp-token-1' },
      );
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^tp_/);
    const replay = await create();
    expect(replay.body.token).toBe(created.body.token);
    expect(await f.db.apiToken.count({ where: { workspaceId: acme.id, name: 'agent' } })).toBe(1);
    // The stored replay is encrypted: the plaintext token is not in the table.
    const stored = await f.db.idempotencyKey.findMany();
    expect(JSON.stringify(stored)).not.toContain(created.body.token);
    const listed = await call(tokens.admin, 'GET', '/workspaces/acme/tokens');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);
    expect(JSON.stringify(listed.body)).not.toContain('tokenHash');
    expect(
      (await call(tokens.admin, 'DELETE', `/workspaces/acme/tokens/${created.body.tokenInfo.id}`))
        .status,
    ).toBe(204);
  });

  it('mints a runtime token for the PAT’s user with the pat claim', async () => {
    const minted = await call(tokens.editor, 'POST', '/workspaces/acme/runtime-tokens', {});
    expect(minted.status).toBe(201);
    expect(minted.body.mcpUrl).toBe('http://runtime.test:4000/t/acme/mcp');
    const claims = verifyRuntimeToken(f.deps.runtimeSigningKey, minted.body.token, Date.now());
    expect(claims).toMatchObject({
      sub: userIds.editor,
      ws: acme.id,
      pat: tokenIds.editor,
      scopes: ['tools:call'],
    });
    expect(new Date(minted.body.expiresAt).getTime()).toBe(claims!.exp * 1000);
  });

  it('pages through invocations with filters; viewers see no payloads', async () => {
    const base = Date.now() - 60_000;
    await insertInvocations(
      f.db,
      Array.from({ length: 7 }, (_, i) => ({
        workspaceId: acme.id,
        toolName: i % 2 === 0 ? 'even' : 'odd',
        status: i === 3 ? ('error' as const) : ('ok' as const),
        errorStage: i === 3 ? 'execution' : null,
        durationMs: i,
        requestId: `req-${i}`,
        inputs: { i },
        createdAt: new Date(base + i * 1000),
      })),
    );
    await insertInvocations(f.db, [
      { workspaceId: other.id, toolName: 'even', status: 'ok', durationMs: 1, requestId: 'x' },
    ]);
    const even = await walk(tokens.editor, '/workspaces/acme/invocations?tool=even&limit=3');
    expect(even.items.map((i: { requestId: string }) => i.requestId)).toEqual([
      'req-6',
      'req-4',
      'req-2',
      'req-0',
    ]);
    const errors = await call(tokens.editor, 'GET', '/workspaces/acme/invocations?status=error');
    expect(errors.body.items.map((i: { requestId: string }) => i.requestId)).toEqual(['req-3']);
    const window = await call(
      tokens.editor,
      'GET',
      `/workspaces/acme/invocations?from=${new Date(base + 1500).toISOString()}&to=${new Date(base + 3500).toISOString()}`,
    );
    expect(window.body.items.map((i: { requestId: string }) => i.requestId)).toEqual([
      'req-3',
      'req-2',
    ]);
    const badTime = await call(tokens.editor, 'GET', '/workspaces/acme/invocations?from=yesterday');
    expect(badTime.body.errors).toEqual([{ field: 'from', reason: expect.stringMatching(/ISO/) }]);
    const one = errors.body.items[0];
    const asEditor = await call(tokens.editor, 'GET', `/workspaces/acme/invocations/${one.id}`);
    expect(asEditor.body.inputs).toEqual({ i: 3 });
    const asViewer = await call(tokens.viewer, 'GET', `/workspaces/acme/invocations/${one.id}`);
    expect(asViewer.body).toMatchObject({ id: one.id, inputs: null });
  });

  it('pages through the audit log without skipping events', async () => {
    const { items } = await walk(tokens.owner, '/workspaces/acme/audit-events?limit=4');
    const all = items.map((e: { id: string }) => e.id);
    const total = await f.db.auditEvent.count({ where: { workspaceId: acme.id } });
    expect(total).toBeGreaterThan(8);
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
  });

  it.each([
    'not-base64!',
    Buffer.from('2026-01-01T00:00:00.000Z|aud_x').toString('base64url'),
    Buffer.from("x' OR 1=1 --|aud_00000000000000000000000000").toString('base64url'),
  ])('answers a forged audit cursor with 400 naming `cursor`, never a 500: %s', async (cursor) => {
    const answer = await call(
      tokens.owner,
      'GET',
      `/workspaces/acme/audit-events?cursor=${encodeURIComponent(cursor)}`,
    );
    expectProblem(answer, 400, 'INVALID');
    expect(answer.body.errors).toEqual([{ field: 'cursor', reason: expect.any(String) }]);
  });

  it('caps an audit page at 200', async () => {
    const tooMany = await call(tokens.owner, 'GET', '/workspaces/acme/audit-events?limit=201');
    expectProblem(tooMany, 400, 'INVALID');
    const most = await call(tokens.owner, 'GET', '/workspaces/acme/audit-events?limit=200');
    expect(most.status).toBe(200);
  });
});

describe('change notifications', () => {
  it('announces a change made through the API to the runtime channel', async () => {
    const received: ChangeNotification[] = [];
    const listener = await listenForChanges({
      databaseUrl: f.database.url,
      onChange: (change) => received.push(change),
    });
    try {
      await call(tokens.editor, 'PUT', '/workspaces/acme/secrets/NOTIFIED', { value: 'v' });
      await call(tokens.editor, 'POST', '/workspaces/acme/connectors', {
        name: 'notified',
        type: 'redis',
        connection: 'redis://127.0.0.1:1',
      });
      await call(tokens.admin, 'POST', '/workspaces/acme/tokens', { name: 'notified' });
      await call(
        tokens.admin,
        'PATCH',
        '/workspaces/acme',
        { recordPayloads: false },
        {
          'if-match': String((await call(tokens.admin, 'GET', '/workspaces/acme')).body.version),
        },
      );
      await expect
        .poll(() =>
          [...new Set(received.filter((c) => c.workspaceId === acme.id).map((c) => c.kind))].sort(),
        )
        .toEqual(['connector', 'secret', 'setting', 'token']);
    } finally {
      await listener.close();
    }
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a token spends its budget, per token', async () => {
    const limited = await serveApi(
      createApiHandler({
        deps: f.deps,
        rateLimiter: createMemoryRateLimiter({ limit: 3, windowMs: 60_000 }),
      }),
    );
    try {
      for (let i = 0; i < 3; i++) {
        const ok = await call(tokens.viewer, 'GET', '/me', undefined, {}, limited.origin);
        expect(ok.status).toBe(200);
        expect(ok.headers.get('ratelimit-remaining')).toBe(String(2 - i));
      }
      const refused = await call(tokens.viewer, 'GET', '/me', undefined, {}, limited.origin);
      expectProblem(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(tokens.admin, 'GET', '/me', undefined, {}, limited.origin)).status).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('the route table', () => {
  it('names a registry entry, a unique operation id, and a schema for every operation', () => {
    const ids = API_ROUTES.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const doc = buildOpenApiDocument(API_ROUTES);
    for (const route of API_ROUTES) {
      expect(route.action satisfies ActionId).toBeTruthy();
      if (route.method === 'PATCH') expect(route.versioned, route.operationId).toBe(true);
      expect(doc.paths[`/api/v1${route.path}`]).toBeDefined();
    }
  });
});
