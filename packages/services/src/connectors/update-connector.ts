import { type Connector, getConnector, updateConnector as updateConnectorRow } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { workspaceDb } from '../authorization/workspace-db';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';
import { type ConnectorInput, connectorSnapshot, ZConnectorInput } from './connector-input';
import { parseConnectorUrlField } from './connector-url-field';
import { renameUrlField } from './create-connector';

export async function updateConnector(
  ctx: WorkspaceContext,
  connectorId: string,
  input: ConnectorInput & { expectedVersion: number },
): Promise<Connector> {
  authorize(ctx, 'connector.update');
  const data = parseInput(ZConnectorInput, input);
  const before = await getConnector(workspaceDb(ctx), ctx.workspace.id, connectorId);
  if (!before) throw new ServiceError('NOT_FOUND', 'Connector not found.');
  const connection = parseConnectorUrlField(data.connection) ?? {};
  return audited(
    ctx,
    (tx) =>
      updateConnectorRow(tx, ctx.deps.keyring, ctx.workspace.id, connectorId, {
        name: data.name,
        type: data.type,
        description: data.description,
        ...connection,
        expectedVersion: input.expectedVersion,
      }),
    (connector) => ({
      action: 'connector.update',
      targetType: 'connector',
      targetId: connector.id,
      before: connectorSnapshot(before),
      after: { ...connectorSnapshot(connector), urlChanged: 'url' in connection },
    }),
  ).catch(renameUrlField);
}
