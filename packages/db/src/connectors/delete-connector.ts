import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';

/** Deletes a connector; CONFLICT while tools still use it (the foreign key refuses). */
export async function deleteConnector(
  db: Db,
  workspaceId: string,
  connectorId: string,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const { count } = await guard(
      tx.connector.deleteMany({ where: { id: connectorId, workspaceId } }),
      'connector',
    );
    if (count === 0) throw notFound('connector');
    await notifyChange(tx, { workspaceId, kind: 'connector', id: connectorId });
  });
}
