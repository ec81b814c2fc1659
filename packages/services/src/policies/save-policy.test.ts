import {
  CREDENTIAL_PARAMS,
  createTool,
  decryptPolicyCredentials,
  getWorkspaceDataKey,
  policyCredentialAad,
} from '@toolplane/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { ServiceError } from '../service-error';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { seedWorkspaces } from '../test-support/seed-workspaces';
import { getTool, getToolHistory } from '../tools/get-tool';
import { loadDraftContext } from '../tools/load-draft-context';
import { listPolicies } from './list-policies';
import { SECRET_PARAMS } from './policy-params';
import { createPolicy, updatePolicy } from './save-policy';

let f: ServiceFixture;
let pool: pg.Pool;
let a: WorkspaceContext;
let b: WorkspaceContext;

const LITERAL = 'sk-live-never-in-plaintext-7f3a';

/** The row as Postgres holds it, read without Prisma or any of our code. */
async function rawParams(policyId: string): Promise<Record<string, unknown>> {
  const { rows } = await pool.query<{ params: Record<string, unknown> }>(
    'SELECT params FROM auth_policies WHERE id = $1',
    [policyId],
  );
  return rows[0]!.params;
}

async function opened(ctx: WorkspaceContext, policyId: string) {
  const dataKey = await getWorkspaceDataKey(f.db, f.deps.keyring, ctx.workspace.id);
  return decryptPolicyCredentials(await rawParams(policyId), dataKey, (param) =>
    policyCredentialAad(ctx.workspace.id, policyId, param),
  );
}

beforeAll(async () => {
  f = await createServiceFixture();
  pool = new pg.Pool({ connectionString: f.database.url, max: 1 });
  const seeded = await seedWorkspaces(f.deps);
  a = seeded.ctx(seeded.a);
  b = seeded.ctx(seeded.b);
});
afterAll(async () => {
  await pool?.end();
  await f?.close();
});

describe('policy credentials at rest', () => {
  it('names the same credential parameters in the browser-safe list and the data layer', () => {
    expect([...SECRET_PARAMS].sort()).toEqual([...CREDENTIAL_PARAMS].sort());
  });

  it('stores a literal key encrypted, and never writes it to the audit log', async () => {
    const policy = await createPolicy(a, {
      name: 'partner',
      plugin: 'api_key',
      params: { value: LITERAL, header: 'X-Partner-Key' },
    });
    const raw = await rawParams(policy.id);
    expect(raw).toEqual({
      value: { $encrypted: expect.stringMatching(/^v1\./) },
      header: 'X-Partner-Key',
    });
    expect(JSON.stringify(raw)).not.toContain(LITERAL);
    expect(await opened(a, policy.id)).toEqual({ value: LITERAL, header: 'X-Partner-Key' });

    const { rows } = await pool.query('SELECT before, after FROM audit_events');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(LITERAL);
    expect(JSON.stringify(rows)).not.toContain('$encrypted');
  });

  it('keeps a {{ env.NAME }} reference as written: it names a secret, not a value', async () => {
    const policy = await createPolicy(a, {
      name: 'from-secret',
      plugin: 'jwt',
      params: { secret: '{{ env.JWT_SECRET }}', issuer: 'https://idp.example' },
    });
    expect(await rawParams(policy.id)).toEqual({
      secret: '{{ env.JWT_SECRET }}',
      issuer: 'https://idp.example',
    });
  });

  it('encrypts a value that mixes a literal and a reference, naming only the reference', async () => {
    const policy = await createPolicy(a, {
      name: 'mixed',
      plugin: 'api_key',
      params: { value: 'pre-sekret-{{ env.KEY_SUFFIX }}' },
    });
    const raw = await rawParams(policy.id);
    expect(raw.value).toEqual({ $encrypted: expect.any(String), references: ['KEY_SUFFIX'] });
    expect(JSON.stringify(raw)).not.toContain('pre-sekret');
    const context = await loadDraftContext(a);
    expect(context.policies.find((p) => p.name === 'mixed')?.params).toEqual({
      value: '{{ env.KEY_SUFFIX }}',
    });
  });

  it('keeps the stored (encrypted) key when an update leaves it empty, and replaces it when given', async () => {
    const policy = await createPolicy(a, {
      name: 'keep-me',
      plugin: 'api_key',
      params: { value: LITERAL },
    });
    const before = await rawParams(policy.id);
    const kept = await updatePolicy(a, policy.id, {
      name: 'keep-me',
      description: 'Renamed header',
      plugin: 'api_key',
      params: { value: '', header: 'X-Other' },
      expectedVersion: policy.version,
    });
    const after = await rawParams(policy.id);
    expect(after.value).toEqual(before.value);
    expect(await opened(a, policy.id)).toEqual({ value: LITERAL, header: 'X-Other' });

    await updatePolicy(a, policy.id, {
      name: 'keep-me',
      plugin: 'api_key',
      params: { value: 'rotated-key-9', header: 'X-Other' },
      expectedVersion: kept.version,
    });
    expect(JSON.stringify(await rawParams(policy.id))).not.toContain('rotated-key-9');
    expect(await opened(a, policy.id)).toEqual({ value: 'rotated-key-9', header: 'X-Other' });
  });

  it('reads a legacy plaintext row, and encrypts it on the next save', async () => {
    const policy = await createPolicy(a, {
      name: 'legacy',
      plugin: 'api_key',
      params: { value: 'placeholder' },
    });
    await pool.query(`UPDATE auth_policies SET params = $1 WHERE id = $2`, [
      { value: 'legacy-plain-key' },
      policy.id,
    ]);
    const listed = (await listPolicies(a)).find((p) => p.id === policy.id);
    expect(listed?.params).toEqual({ value: true });
    await updatePolicy(a, policy.id, {
      name: 'legacy',
      plugin: 'api_key',
      params: { value: '' },
      expectedVersion: policy.version,
    });
    const raw = await rawParams(policy.id);
    expect(JSON.stringify(raw)).not.toContain('legacy-plain-key');
    expect(await opened(a, policy.id)).toEqual({ value: 'legacy-plain-key' });
  });

  it('binds a ciphertext to its policy: copied to another row it does not open', async () => {
    const [first, second] = await Promise.all([
      createPolicy(a, { name: 'copy-from', plugin: 'api_key', params: { value: 'first-key' } }),
      createPolicy(a, { name: 'copy-to', plugin: 'api_key', params: { value: 'second-key' } }),
    ]);
    await pool.query(
      `UPDATE auth_policies SET params = (SELECT params FROM auth_policies WHERE id = $1) WHERE id = $2`,
      [first.id, second.id],
    );
    await expect(opened(a, second.id)).rejects.toThrow();
  });

  it('never returns the credential: list, editor context, and another workspace', async () => {
    const listed = await listPolicies(a);
    expect(listed.find((p) => p.name === 'partner')?.params).toEqual({
      value: true,
      header: 'X-Partner-Key',
    });
    const context = await loadDraftContext(a);
    expect(context.policies.find((p) => p.name === 'partner')?.params).toEqual({
      value: '[redacted]',
      header: 'X-Partner-Key',
    });
    const everything = JSON.stringify([listed, context]);
    expect(everything).not.toContain(LITERAL);
    expect(everything).not.toContain('$encrypted');

    const partner = listed.find((p) => p.name === 'partner')!;
    const foreign = await updatePolicy(b, partner.id, {
      name: 'partner',
      plugin: 'api_key',
      params: { value: '' },
      expectedVersion: partner.version,
    }).catch((error: unknown) => error);
    expect(foreign).toBeInstanceOf(ServiceError);
    expect(foreign).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a client-sent envelope in place of a key with a field-named error', async () => {
    const refused = await createPolicy(a, {
      name: 'sneaky',
      plugin: 'api_key',
      params: { value: { $encrypted: 'v1.AAAA' } },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).fieldErrors).toHaveProperty(['params.value']);
  });
});

describe('tool inline auth in the editor and the history', () => {
  it('redacts credential parameters of an inline auth block', async () => {
    const tool = await createTool(
      f.db,
      a.workspace.id,
      {
        name: 'inline_guarded',
        kind: 'script',
        handlerSource: 'export default () => 1',
        authInline: { plugin: 'api_key', params: { value: 'inline-literal-key', header: 'X-K' } },
      },
      { keyring: f.deps.keyring },
    );
    const shown = await getTool(a, tool.id);
    expect(shown.authInline).toEqual({
      plugin: 'api_key',
      params: { value: '[redacted]', header: 'X-K' },
    });
    const history = await getToolHistory(a, tool.id);
    expect(history).toHaveLength(1);
    expect(JSON.stringify([shown, history])).not.toContain('inline-literal-key');
    expect((history[0]!.definition as { authInline: unknown }).authInline).toEqual({
      plugin: 'api_key',
      params: { value: '[redacted]', header: 'X-K' },
    });
    await expect(getTool(b, tool.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
