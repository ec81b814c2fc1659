import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// The runtime's verifier, read (not modified) so both sides provably agree on the format.
import { hashPassword } from './hash-password';
import { passwordProblem } from './password-problem';
import { mintRuntimeToken, verifyRuntimeToken } from './runtime-token';
import { verifyPassword } from './verify-password';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('refuses short, repetitive or guessable passwords', () => {
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('aaaaaaaaaaaaaaa')).toMatch(/different/);
    expect(passwordProblem('password12345678')).toMatch(/guess/);
    expect(passwordProblem('ada.lovelace-2024', { email: 'ada.lovelace@example.com' })).toMatch(
      /email/,
    );
    expect(passwordProblem('tide-orbit-lantern-9')).toBeNull();
  });
});

describe('runtime tokens', () => {
  const key = new Uint8Array(randomBytes(32));

  it('are accepted by the runtime verifier with the claims given', () => {
    const now = Date.now();
    const token = mintRuntimeToken(key, { userId: 'usr_1', workspaceId: 'ws_1', now });
    expect(token).toMatch(/^tps_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const claims = verifyRuntimeToken(key, token, now);
    expect(claims).toMatchObject({ sub: 'usr_1', ws: 'ws_1', scopes: [], tools: 'all' });
    expect(claims!.exp - claims!.iat).toBe(300);
  });

  it('are refused with another key, after expiry, or with a tampered body', () => {
    const now = Date.now();
    const token = mintRuntimeToken(key, { userId: 'usr_1', workspaceId: 'ws_1', now });
    expect(verifyRuntimeToken(new Uint8Array(randomBytes(32)), token, now)).toBeNull();
    expect(verifyRuntimeToken(key, token, now + 10 * 60_000)).toBeNull();
    const [body, sig] = token.slice(4).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), ws: 'ws_2' }),
    ).toString('base64url');
    expect(verifyRuntimeToken(key, `tps_${forged}.${sig}`, now)).toBeNull();
    expect(() =>
      mintRuntimeToken(key, { userId: 'u', workspaceId: 'w', ttlSeconds: 3600 }),
    ).toThrow();
  });
});
