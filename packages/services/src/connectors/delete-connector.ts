import { deleteConnector as deleteConnectorRow, getConnector } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { workspaceDb } from '../authorization/workspace-db';
import { ServiceError } from '../service-error';
import { connectorSnapshot } from './connector-input';

export async function deleteConnector(ctx: WorkspaceContext, connectorId: string): Promise<void> {
  authorize(ctx, 'connector.delete');
  const before = await getConnector(workspaceDb(ctx), ctx.workspace.id, connectorId);
  if (!before) throw new ServiceError('NOT_FOUND', 'Connector not found.');
  await audited(
    ctx,
    (tx) => deleteConnectorRow(tx, ctx.workspace.id, connectorId),
    () => ({
      action: 'connector.delete',
      targetType: 'connector',
      targetId: connectorId,
      before: connectorSnapshot(before),
    }),
  ).catch((error: unknown) => {
    if (error instanceof ServiceError && error.code === 'CONFLICT') {
      throw new ServiceError(
        'CONFLICT',
        `Tools still use ${before.name}. Move them to another connector first.`,
      );
    }
    throw error;
  });
}
