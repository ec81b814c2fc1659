import { type Connector, createConnector as createConnectorRow } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';
import { type ConnectorInput, connectorSnapshot, ZConnectorInput } from './connector-input';
import { parseConnectorUrlField } from './connector-url-field';

export async function createConnector(
  ctx: WorkspaceContext,
  input: ConnectorInput,
): Promise<Connector> {
  authorize(ctx, 'connector.create');
  const data = parseInput(ZConnectorInput, input);
  const connection = parseConnectorUrlField(data.connection);
  if (!connection) {
    const message = 'Enter a connection URL or a {{ env.NAME }} secret reference.';
    throw new ServiceError('INVALID', message, { fieldErrors: { connection: message } });
  }
  return audited(
    ctx,
    (tx) =>
      createConnectorRow(tx, ctx.deps.keyring, ctx.workspace.id, {
        name: data.name,
        type: data.type,
        description: data.description,
        ...connection,
      }),
    (connector) => ({
      action: 'connector.create',
      targetType: 'connector',
      targetId: connector.id,
      after: connectorSnapshot(connector),
    }),
  ).catch(renameUrlField);
}

/** The data layer names `url` / `urlSecretRef`; the form has one `connection` field. */
export function renameUrlField(error: unknown): never {
  if (error instanceof ServiceError) {
    const { url, urlSecretRef, ...rest } = error.fieldErrors;
    const connection = url ?? urlSecretRef;
    if (connection) {
      throw new ServiceError(error.code, error.message, {
        fieldErrors: { ...rest, connection },
        cause: error,
      });
    }
  }
  throw error;
}
