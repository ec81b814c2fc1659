import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFixture, type DbFixture } from '../test-support/create-db-fixture';
import { clearLoginFailures } from './clear-login-failures';
import { getLoginLock } from './get-login-lock';
import { recordLoginFailure } from './record-login-failure';

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
});
afterAll(() => f.close());

const policy = { windowMs: 60_000, maxAttempts: 3, lockMs: 300_000 };
const key = { kind: 'email' as const, key: 'alice@example.com' };

describe('login throttle', () => {
  it('locks after maxAttempts within the window, counts concurrent failures exactly', async () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const results = await Promise.all([
      recordLoginFailure(f.db, key, policy, t0),
      recordLoginFailure(f.db, key, policy, t0),
    ]);
    expect(results.map((r) => r.attempts).sort()).toEqual([1, 2]);
    expect(await getLoginLock(f.db, key, t0)).toBeNull();
    const third = await recordLoginFailure(f.db, key, policy, new Date(t0.getTime() + 1000));
    expect(third.attempts).toBe(3);
    expect(third.lockedUntil).toEqual(new Date(t0.getTime() + 1000 + 300_000));
    expect(await getLoginLock(f.db, key, new Date(t0.getTime() + 2000))).toEqual(third.lockedUntil);
    expect(await getLoginLock(f.db, { kind: 'ip', key: 'alice@example.com' }, t0)).toBeNull();
    expect(await getLoginLock(f.db, key, new Date(t0.getTime() + 400_000))).toBeNull();
  });

  it('restarts the window when it has elapsed, and clears', async () => {
    const later = new Date('2030-01-02T00:00:00Z');
    expect((await recordLoginFailure(f.db, key, policy, later)).attempts).toBe(1);
    await clearLoginFailures(f.db, key);
    expect(await f.sql('SELECT * FROM login_throttles')).toEqual([]);
  });
});
