import { type TestConnectionResult, testConnection } from '@toolplane/connectors';
import { getConnector, getConnectorCredentials, getSecretValues } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { ServiceError, toServiceError } from '../service-error';
import { parseConnectorUrlField } from './connector-url-field';

const TEST_TIMEOUT_MS = 5_000;

/**
 * "Test connection": one connection through the runtime's drivers and the shared outbound-address
 * policy (never the control plane's own database), `SELECT 1` / `PING`, the database's own error
 * message on failure. Tests the form's unsaved values when given, else the stored connector.
 */
export async function testConnector(
  ctx: WorkspaceContext,
  input: { connectorId?: string; type?: 'postgres' | 'mysql' | 'redis'; connection?: string },
): Promise<TestConnectionResult> {
  authorize(ctx, 'connector.test');
  const { db, keyring } = ctx.deps;
  let url: string | undefined;
  let type = input.type;
  const typed = input.connection ? parseConnectorUrlField(input.connection) : null;
  try {
    if (typed && 'url' in typed) url = typed.url;
    else if (typed && 'urlSecretRef' in typed) {
      const values = await getSecretValues(db, keyring, ctx.workspace.id, [typed.urlSecretRef]);
      url = values[typed.urlSecretRef]?.value;
      if (url === undefined) {
        return {
          ok: false,
          code: 'CONNECT_FAILED',
          message: `secret ${typed.urlSecretRef} is not set`,
        };
      }
    } else if (input.connectorId) {
      const connector = await getConnector(db, ctx.workspace.id, input.connectorId);
      if (!connector) throw new ServiceError('NOT_FOUND', 'Connector not found.');
      const credentials = await getConnectorCredentials(
        db,
        keyring,
        ctx.workspace.id,
        connector.id,
      );
      url = credentials.url;
      type ??= credentials.type;
    }
  } catch (error) {
    throw toServiceError(error);
  }
  if (!url || !type) {
    throw new ServiceError('INVALID', 'Enter a connection URL to test.', {
      fieldErrors: { connection: 'Enter a connection URL to test.' },
    });
  }
  return testConnection({ type, url }, ctx.deps.networkPolicy, { timeoutMs: TEST_TIMEOUT_MS });
}
