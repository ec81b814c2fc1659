import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import { notifyChange } from '../notify';

/** Deletes the tool and its history (invocation logs keep its name). */
export async function deleteTool(db: Db, workspaceId: string, toolId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const { count } = await tx.tool.deleteMany({ where: { id: toolId, workspaceId } });
    if (count === 0) throw notFound('tool');
    await notifyChange(tx, { workspaceId, kind: 'tool', id: toolId });
  });
}
