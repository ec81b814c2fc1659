import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseMasterKey } from '@toolplane/crypto';
import {
  addMembership,
  createConnector,
  createDb,
  createKeyring,
  createUser,
  createWorkspace,
  type DbClient,
  listConnectors,
  type MemberRole,
} from '@toolplane/db';
import { ACTIONS, accessOf, isActionId, ROLES, roleAllows } from '@toolplane/services';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The session is the only thing faked: the actions, the registry, the services and the database
// are the real ones. `current` is whoever "is signed in" for the next call.
let current: { userId: string; email: string; name: string | null; requestId: string } | null =
  null;
vi.mock('../auth/lib/get-current-user', () => ({ getCurrentUser: async () => current }));
vi.mock('../auth/lib/auth', () => ({
  auth: async () => null,
  signIn: async () => undefined,
  signOut: async () => undefined,
  handlers: {},
}));
vi.mock('next-auth', () => ({
  AuthError: class AuthError extends Error {},
  CredentialsSignin: class CredentialsSignin extends Error {},
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const SRC = join(import.meta.dirname, '..', '..');

function filesNamed(dir: string, name: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesNamed(path, name));
    else if (entry === name) out.push(path);
  }
  return out;
}

type Action = (previous: object, form: FormData) => Promise<{ code?: string; ok?: boolean }>;
const actions: { file: string; name: string; fn: Action; id: string }[] = [];
let registryEntryOf: (fn: unknown) => string | undefined;

let database: TestDatabase;
let db: DbClient;
const users = {} as Record<
  MemberRole | 'stranger',
  { userId: string; email: string; name: null; requestId: string }
>;
const SLUG = 'matrix';

beforeAll(async () => {
  database = await createTestDatabase();
  const masterKey = randomBytes(32).toString('base64');
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    TOOLPLANE_MASTER_KEY: masterKey,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TOOLPLANE_RUNTIME_SIGNING_KEY: randomBytes(32).toString('base64'),
  });
  db = createDb({ databaseUrl: database.url, max: 2 });
  const keyring = createKeyring([parseMasterKey(masterKey)]);
  for (const role of [...ROLES, 'stranger'] as const) {
    const user = await createUser(db, {
      email: `${role}-${randomBytes(3).toString('hex')}@example.com`,
    });
    users[role] = { userId: user.id, email: user.email, name: null, requestId: `test-${role}` };
  }
  const workspace = await createWorkspace(db, keyring, {
    slug: SLUG,
    name: 'Matrix',
    ownerUserId: users.owner.userId,
  });
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    await addMembership(db, workspace.id, { userId: users[role].userId, role });
  }
  // A second tenant the stranger owns, with a connector nobody in `matrix` may touch.
  const other = await createWorkspace(db, keyring, {
    slug: 'other',
    name: 'Other',
    ownerUserId: users.stranger.userId,
  });
  await createConnector(db, keyring, other.id, {
    name: 'theirs',
    type: 'postgres',
    url: 'postgres://u:p@127.0.0.1:1/x',
  });

  ({ registryEntryOf } = await import('./define-action'));
  for (const file of filesNamed(join(SRC, 'modules'), 'actions.ts')) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, fn] of Object.entries(module)) {
      actions.push({
        file: relative(SRC, file),
        name,
        fn: fn as Action,
        id: registryEntryOf(fn) ?? '',
      });
    }
  }
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe('the action registry', () => {
  it('covers every exported server action', () => {
    expect(actions.length).toBeGreaterThanOrEqual(15);
    // The check itself: a plain async function has no entry.
    expect(registryEntryOf(async () => ({}))).toBeUndefined();
    const missing = actions.filter((a) => !isActionId(a.id)).map((a) => `${a.file}#${a.name}`);
    expect(missing, 'server actions without a registry entry').toEqual([]);
  });

  it('covers every route handler', () => {
    const routes = filesNamed(join(SRC, 'app'), 'route.ts');
    expect(routes.length).toBeGreaterThan(0);
    for (const file of routes) {
      const text = readFileSync(file, 'utf8');
      const exported = [
        ...text.matchAll(
          /export (?:async )?(?:const|function) (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b([^;]*)/g,
        ),
      ];
      expect(exported.length, relative(SRC, file)).toBeGreaterThan(0);
      for (const [, method, rest] of exported) {
        const id = /^\s*=\s*defineRoute\(\s*'([^']+)'/.exec(rest ?? '')?.[1];
        expect(
          id && isActionId(id),
          `${relative(SRC, file)} ${method} must be defineRoute('<registry id>', …)`,
        ).toBe(true);
      }
    }
  });

  it('gives every workspace action to the roles in a strictly nested way (owner ⊇ admin ⊇ editor ⊇ viewer)', () => {
    for (const [id, access] of Object.entries(ACTIONS)) {
      if (!Array.isArray(access)) continue;
      const allowed = ROLES.map((role) => roleAllows(role, id as never));
      // ROLES is ordered owner → viewer: once a role is refused, every lower one is too.
      const firstRefused = allowed.indexOf(false);
      if (firstRefused !== -1)
        expect(
          allowed.slice(firstRefused).every((a) => !a),
          id,
        ).toBe(true);
      expect(allowed[0], `${id}: owners may do everything`).toBe(true);
    }
  });
});

describe('every workspace action × every role, through the real server actions', () => {
  it('refuses roles outside the registry entry before reading the form, and strangers as not found', async () => {
    const workspaceActions = actions.filter((a) => Array.isArray(accessOf(a.id as never)));
    expect(workspaceActions.length).toBeGreaterThan(10);
    for (const action of workspaceActions) {
      for (const role of ROLES) {
        current = users[role];
        const state = await action.fn({}, form({ workspace: SLUG })).catch((error: unknown) => {
          // redirect() after success is control flow; it only happens for allowed roles.
          if (String((error as { digest?: string }).digest ?? '').startsWith('NEXT_REDIRECT'))
            return { code: 'REDIRECT' };
          throw error;
        });
        const allowed = roleAllows(role, action.id as never);
        expect(state.code === 'FORBIDDEN', `${action.name} as ${role}`).toBe(!allowed);
        expect(state.code, `${action.name} as ${role}`).not.toBe('INTERNAL');
      }
      current = users.stranger;
      expect(
        (await action.fn({}, form({ workspace: SLUG }))).code,
        `${action.name} as a non-member`,
      ).toBe('NOT_FOUND');
      current = null;
      expect(
        (await action.fn({}, form({ workspace: SLUG }))).code,
        `${action.name} signed out`,
      ).toBe('UNAUTHENTICATED');
    }
  }, 120_000);

  it('refuses a forged, fully valid request from a lower role and changes nothing', async () => {
    const { createConnectorAction } = await import('../connectors/actions');
    current = users.viewer;
    const state = await createConnectorAction(
      {},
      form({
        workspace: SLUG,
        name: 'forged',
        type: 'postgres',
        connection: 'postgres://u:p@127.0.0.1:5432/x',
      }),
    );
    expect(state.code).toBe('FORBIDDEN');
    const { getWorkspaceBySlug } = await import('@toolplane/db');
    const ws = await getWorkspaceBySlug(db, SLUG);
    expect((await listConnectors(db, ws!.id)).map((c) => c.name)).not.toContain('forged');
  });

  it('never reaches another tenant’s rows, by slug or by id', async () => {
    const { deleteConnectorAction } = await import('../connectors/actions');
    const { getWorkspaceBySlug } = await import('@toolplane/db');
    const other = await getWorkspaceBySlug(db, 'other');
    const [theirs] = await listConnectors(db, other!.id);
    current = users.owner;
    // Their slug: not a member → not found.
    expect(
      (await deleteConnectorAction({}, form({ workspace: 'other', connectorId: theirs!.id }))).code,
    ).toBe('NOT_FOUND');
    // Our slug with their id: the data layer filters by our workspace → not found.
    expect(
      (await deleteConnectorAction({}, form({ workspace: SLUG, connectorId: theirs!.id }))).code,
    ).toBe('NOT_FOUND');
    expect((await listConnectors(db, other!.id)).map((c) => c.id)).toEqual([theirs!.id]);
  });
});
