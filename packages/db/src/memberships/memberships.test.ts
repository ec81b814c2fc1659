import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../generated/prisma/client';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { createUser } from '../users/create-user';
import { addMembership } from './add-membership';
import { getMembership } from './get-membership';
import { listMemberships } from './list-memberships';
import { removeMembership } from './remove-membership';
import { setMembershipRole } from './set-membership-role';

let f: DbFixture;
let alice: User; // member of A only
let bob: User; // member of B only
beforeAll(async () => {
  f = await createDbFixture();
  alice = await createUser(f.db, { email: 'Alice@Example.com', name: 'Alice' });
  bob = await createUser(f.db, { email: 'bob@example.com' });
  await addMembership(f.db, f.a.id, { userId: alice.id, role: 'editor' });
  await addMembership(f.db, f.b.id, { userId: bob.id, role: 'viewer' });
});
afterAll(() => f.close());

describe('memberships', () => {
  it('lists the members of one workspace only', async () => {
    const a = await listMemberships(f.db, f.a.id);
    expect(a.map((m) => [m.user.email, m.role])).toEqual([
      [f.owner.email, 'owner'],
      ['alice@example.com', 'editor'],
    ]);
    const b = await listMemberships(f.db, f.b.id);
    expect(b.map((m) => m.user.email)).toEqual([f.owner.email, 'bob@example.com']);
  });

  it('refuses a duplicate membership', async () => {
    const error = await rejection(
      addMembership(f.db, f.a.id, { userId: alice.id, role: 'viewer' }),
    );
    expect(error).toMatchObject({ code: 'ALREADY_EXISTS' });
  });

  it('gets and changes a role with a version check', async () => {
    const current = (await getMembership(f.db, f.a.id, alice.id))!;
    const updated = await setMembershipRole(f.db, f.a.id, {
      userId: alice.id,
      role: 'admin',
      expectedVersion: current.version,
    });
    expect(updated).toMatchObject({ role: 'admin', version: current.version + 1 });
    const stale = await rejection(
      setMembershipRole(f.db, f.a.id, {
        userId: alice.id,
        role: 'viewer',
        expectedVersion: current.version,
      }),
    );
    expect(stale).toMatchObject({ code: 'CONFLICT' });
  });

  it('never reads or changes another workspace’s membership', async () => {
    expect(await getMembership(f.db, f.a.id, bob.id)).toBeNull();
    const bobBefore = await getMembership(f.db, f.b.id, bob.id);
    expect(
      await rejection(setMembershipRole(f.db, f.a.id, { userId: bob.id, role: 'owner' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(removeMembership(f.db, f.a.id, bob.id))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await getMembership(f.db, f.b.id, bob.id)).toEqual(bobBefore);
  });

  it('keeps at least one owner', async () => {
    expect(
      await rejection(setMembershipRole(f.db, f.b.id, { userId: f.owner.id, role: 'admin' })),
    ).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/owner/) });
    expect(await rejection(removeMembership(f.db, f.b.id, f.owner.id))).toMatchObject({
      code: 'CONFLICT',
    });
    await setMembershipRole(f.db, f.b.id, { userId: bob.id, role: 'owner' });
    await removeMembership(f.db, f.b.id, f.owner.id);
    expect((await listMemberships(f.db, f.b.id)).map((m) => m.userId)).toEqual([bob.id]);
  });
});
