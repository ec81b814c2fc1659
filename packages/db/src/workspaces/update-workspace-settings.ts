import { type Db, withTransaction } from '../client';
import { DbError, notFound } from '../errors';
import { notifyChange } from '../notify';
import { validate } from '../validation';
import {
  type Workspace,
  type WorkspaceSettings,
  workspaceOmit,
  workspaceSettingsSchema,
} from './workspace-settings';

const patchSchema = workspaceSettingsSchema.partial();

/**
 * Changes settings if the workspace is still at `expectedVersion` (what the editor loaded);
 * otherwise CONFLICT, so two admins never overwrite each other silently.
 */
export async function updateWorkspaceSettings(
  db: Db,
  workspaceId: string,
  input: Partial<WorkspaceSettings> & { expectedVersion: number },
): Promise<Workspace> {
  const { expectedVersion, ...patch } = input;
  const data = validate(patchSchema, patch);
  return withTransaction(db, async (tx) => {
    const { count } = await tx.workspace.updateMany({
      where: { id: workspaceId, version: expectedVersion },
      data: { ...data, version: { increment: 1 } },
    });
    const workspace = await tx.workspace.findFirst({
      where: { id: workspaceId },
      omit: workspaceOmit,
    });
    if (!workspace) throw notFound('workspace');
    if (count === 0) {
      throw new DbError(
        'CONFLICT',
        `the workspace settings changed since you loaded them (version ${expectedVersion}, now ${workspace.version})`,
      );
    }
    await notifyChange(tx, { workspaceId, kind: 'setting' });
    return workspace;
  });
}
