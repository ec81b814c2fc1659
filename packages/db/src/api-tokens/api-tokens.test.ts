import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPersonalAccessToken } from '../personal-access-tokens/create-personal-access-token';
import { findPersonalAccessTokenByHash } from '../personal-access-tokens/find-personal-access-token-by-hash';
import { listPersonalAccessTokens } from '../personal-access-tokens/list-personal-access-tokens';
import { revokePersonalAccessToken } from '../personal-access-tokens/revoke-personal-access-token';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { createUser } from '../users/create-user';
import type { ApiToken } from './api-token-types';
import { createApiToken } from './create-api-token';
import { findApiTokenByHash } from './find-api-token-by-hash';
import { listApiTokens } from './list-api-tokens';
import { revokeApiToken } from './revoke-api-token';
import { hashToken } from './token-secret';
import { touchApiTokens } from './touch-api-tokens';

let f: DbFixture;
let tokenA: { token: ApiToken; plaintext: string };
let tokenB: { token: ApiToken; plaintext: string };
beforeAll(async () => {
  f = await createDbFixture();
  tokenA = await createApiToken(f.db, f.a.id, {
    name: 'ci',
    allTools: false,
    toolNames: ['get_user', 'get_user'],
    scopes: ['read'],
    createdById: f.owner.id,
  });
  tokenB = await createApiToken(f.db, f.b.id, { name: 'agent' });
});
afterAll(() => f.close());

describe('API tokens', () => {
  it('returns the plaintext once and stores only its SHA-256', async () => {
    expect(tokenA.plaintext).toMatch(/^tp_[A-Za-z0-9_-]{43}$/);
    expect(tokenA.token).toMatchObject({
      prefix: tokenA.plaintext.slice(0, 9),
      allTools: false,
      toolNames: ['get_user'],
      scopes: ['read'],
    });
    expect(tokenA.token).not.toHaveProperty('tokenHash');
    const rows = await f.sql<{ token_hash: string }>('SELECT * FROM api_tokens WHERE id = $1', [
      tokenA.token.id,
    ]);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(tokenA.plaintext).digest('hex'));
    expect(JSON.stringify(await f.sql('SELECT * FROM api_tokens'))).not.toContain(
      tokenA.plaintext.slice(3),
    );
  });

  it('finds a token by hash, with its workspace', async () => {
    expect(await findApiTokenByHash(f.db, hashToken(tokenB.plaintext))).toMatchObject({
      id: tokenB.token.id,
      workspaceId: f.b.id,
      allTools: true,
    });
    expect(await findApiTokenByHash(f.db, hashToken('tp_nope'))).toBeNull();
  });

  it('lists and revokes only within the workspace', async () => {
    expect((await listApiTokens(f.db, f.a.id)).map((t) => t.id)).toEqual([tokenA.token.id]);
    expect(await rejection(revokeApiToken(f.db, f.a.id, tokenB.token.id))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await findApiTokenByHash(f.db, hashToken(tokenB.plaintext)))?.revokedAt).toBeNull();

    const at = new Date('2030-01-01T00:00:00Z');
    const revoked = await revokeApiToken(f.db, f.a.id, tokenA.token.id, at);
    expect(revoked).toMatchObject({ revokedAt: at, version: 2 });
    const again = await revokeApiToken(f.db, f.a.id, tokenA.token.id, new Date('2031-01-01Z'));
    expect(again.revokedAt).toEqual(at);
  });

  it('touches last-used in batch, only forward', async () => {
    const t1 = new Date('2030-02-01T00:00:00Z');
    const t0 = new Date('2030-01-15T00:00:00Z');
    expect(await touchApiTokens(f.db, [tokenA.token.id, tokenB.token.id, 'tok_missing'], t1)).toBe(
      2,
    );
    expect(await touchApiTokens(f.db, [tokenA.token.id], t0)).toBe(0);
    const [a] = await listApiTokens(f.db, f.a.id);
    expect(a?.lastUsedAt).toEqual(t1);
    expect(a?.version).toBe(2);
  });

  it('refuses a token limited to no tools', async () => {
    expect(
      await rejection(createApiToken(f.db, f.a.id, { name: 'x', allTools: false })),
    ).toMatchObject({ code: 'INVALID', fields: ['toolNames'] });
  });
});

describe('personal access tokens', () => {
  it('are user-scoped', async () => {
    const other = await createUser(f.db, { email: 'other@example.com' });
    const mine = await createPersonalAccessToken(f.db, f.owner.id, {
      name: 'cli',
      scopes: ['tools:call'],
    });
    const theirs = await createPersonalAccessToken(f.db, other.id, { name: 'cli' });
    expect(mine.plaintext).toMatch(/^tpp_[A-Za-z0-9_-]{43}$/);
    expect((await findPersonalAccessTokenByHash(f.db, hashToken(mine.plaintext)))?.userId).toBe(
      f.owner.id,
    );
    expect((await listPersonalAccessTokens(f.db, f.owner.id)).map((t) => t.id)).toEqual([
      mine.token.id,
    ]);
    expect(
      await rejection(revokePersonalAccessToken(f.db, f.owner.id, theirs.token.id)),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await revokePersonalAccessToken(f.db, f.owner.id, mine.token.id)).revokedAt,
    ).not.toBeNull();
  });
});
