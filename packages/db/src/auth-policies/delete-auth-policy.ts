import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';

/** Deletes a policy; CONFLICT while tools use it. */
export async function deleteAuthPolicy(
  db: Db,
  workspaceId: string,
  policyId: string,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const { count } = await guard(
      tx.authPolicy.deleteMany({ where: { id: policyId, workspaceId } }),
      'auth policy',
    );
    if (count === 0) throw notFound('auth policy');
    await notifyChange(tx, { workspaceId, kind: 'tool' });
  });
}
