import { createUser } from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../service-deps';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { createPersonalAccessToken } from './create-personal-access-token';
import { listPersonalAccessTokens } from './list-personal-access-tokens';
import { revokePersonalAccessToken } from './revoke-personal-access-token';
import { verifyPersonalAccessToken } from './verify-personal-access-token';

let f: ServiceFixture;
let ada: Actor;
let bob: Actor;

beforeAll(async () => {
  f = await createServiceFixture();
  ada = { userId: (await createUser(f.db, { email: 'ada@example.com' })).id, requestId: 'r1' };
  bob = { userId: (await createUser(f.db, { email: 'bob@example.com' })).id, requestId: 'r2' };
});
afterAll(() => f?.close());

describe('personal access tokens', () => {
  it('returns the plaintext once, stores no hash in what it returns, and verifies it', async () => {
    const { token, tokenInfo } = await createPersonalAccessToken(f.deps, ada, {
      name: 'CI',
      scopes: ['tools:call'],
    });
    expect(token).toMatch(/^tpp_[A-Za-z0-9_-]{43}$/);
    expect(tokenInfo).not.toHaveProperty('tokenHash');
    expect(tokenInfo.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(await verifyPersonalAccessToken(f.deps, token)).toEqual({
      userId: ada.userId,
      tokenId: tokenInfo.id,
      scopes: ['tools:call'],
      expiresAt: tokenInfo.expiresAt,
    });
    const [listed] = await listPersonalAccessTokens(f.deps, ada);
    expect(listed?.lastUsedAt).toBeInstanceOf(Date);
    expect(await listPersonalAccessTokens(f.deps, bob)).toEqual([]);
  });

  it('refuses malformed, unknown, expired and revoked tokens alike', async () => {
    expect(await verifyPersonalAccessToken(f.deps, 'tpp_short')).toBeNull();
    expect(await verifyPersonalAccessToken(f.deps, `tpp_${'A'.repeat(43)}`)).toBeNull();
    const { token } = await createPersonalAccessToken(f.deps, ada, {
      name: 'one day',
      expiresInDays: 1,
    });
    expect(await verifyPersonalAccessToken(f.deps, token)).not.toBeNull();
    expect(
      await verifyPersonalAccessToken(f.deps, token, new Date(Date.now() + 86_400_000 + 1000)),
    ).toBeNull();
    const second = await createPersonalAccessToken(f.deps, ada, { name: 'revoked' });
    await expect(revokePersonalAccessToken(f.deps, bob, second.tokenInfo.id)).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    expect(await verifyPersonalAccessToken(f.deps, second.token)).not.toBeNull();
    const revoked = await revokePersonalAccessToken(f.deps, ada, second.tokenInfo.id);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await verifyPersonalAccessToken(f.deps, second.token)).toBeNull();
  });

  it('keeps a token made with another token within its expiry and scopes', async () => {
    const parent = await createPersonalAccessToken(f.deps, ada, {
      name: 'parent',
      expiresInDays: 2,
      scopes: ['tools:call'],
    });
    const issuedBy = (await verifyPersonalAccessToken(f.deps, parent.token))!;
    const child = await createPersonalAccessToken(
      f.deps,
      ada,
      { name: 'child', expiresInDays: null, scopes: ['tools:call'] },
      { issuedBy },
    );
    expect(child.tokenInfo.expiresAt).toEqual(parent.tokenInfo.expiresAt);
    await expect(
      createPersonalAccessToken(f.deps, ada, { name: 'wider', scopes: ['admin'] }, { issuedBy }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', fieldErrors: { scopes: expect.any(String) } });
  });

  it('names the bad field', async () => {
    await expect(
      createPersonalAccessToken(f.deps, ada, { name: ' ', expiresInDays: 0, scopes: ['a b'] }),
    ).rejects.toMatchObject({
      code: 'INVALID',
      fieldErrors: {
        name: expect.any(String),
        expiresInDays: expect.any(String),
        'scopes.0': expect.any(String),
      },
    });
  });
});
