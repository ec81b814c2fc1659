import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import { notifyChange } from '../notify';

/**
 * Deletes a workspace and, by cascade, everything in it (tools, secrets, tokens, audit events).
 * Tools reference connectors and policies with NO ACTION keys, so tools go first; the invocation
 * log has no key to workspaces (it is written on every call), so its rows are deleted here, and
 * any a runtime still writes afterwards are removed by `pruneInvocations`. The runtime hears a
 * `workspace` change and drops what it cached.
 */
export async function deleteWorkspace(db: Db, workspaceId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    await tx.tool.deleteMany({ where: { workspaceId } });
    await tx.invocation.deleteMany({ where: { workspaceId } });
    const { count } = await tx.workspace.deleteMany({ where: { id: workspaceId } });
    if (count === 0) throw notFound('workspace');
    await notifyChange(tx, { workspaceId, kind: 'workspace', id: workspaceId });
  });
}
