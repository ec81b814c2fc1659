import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import { notifyChange } from '../notify';

export async function deleteSecret(db: Db, workspaceId: string, name: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const secret = await tx.secret.findFirst({
      where: { workspaceId, name },
      select: { id: true },
    });
    if (!secret) throw notFound('secret');
    await tx.secret.deleteMany({ where: { id: secret.id, workspaceId } });
    await notifyChange(tx, { workspaceId, kind: 'secret', id: secret.id });
  });
}
