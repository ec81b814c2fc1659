import { decryptValue } from '@toolplane/crypto';
import type { Db } from '../client';
import { DbError, notFound } from '../errors';
import type { ConnectorType } from '../generated/prisma/enums';
import type { JsonValue } from '../json';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import type { Keyring } from '../keys/keyring';
import { secretAad } from '../secrets/secret-types';
import { connectorUrlAad } from './connector-types';

export interface ConnectorCredentials {
  connectorId: string;
  name: string;
  type: ConnectorType;
  /** The plaintext connection URL: for opening a pool, never for logs or responses. */
  url: string;
  options: JsonValue;
  /** Connector version plus, for a secret reference, the secret's version: a pool cache key. */
  version: number;
  secret: { name: string; version: number } | null;
}

/** Decrypts a connector's URL (or the secret it references) for the runtime. */
export async function getConnectorCredentials(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  connectorId: string,
): Promise<ConnectorCredentials> {
  const connector = await db.connector.findFirst({ where: { id: connectorId, workspaceId } });
  if (!connector) throw notFound('connector');
  const dataKey = await getWorkspaceDataKey(db, keyring, workspaceId);
  const base = {
    connectorId: connector.id,
    name: connector.name,
    type: connector.type,
    options: connector.options as JsonValue,
    version: connector.version,
  };
  if (connector.urlCiphertext) {
    const url = decryptValue(
      connector.urlCiphertext,
      dataKey,
      connectorUrlAad(workspaceId, connector.id),
    );
    return { ...base, url, secret: null };
  }
  if (!connector.urlSecretRef) {
    throw new DbError('INVALID', `connector ${connector.name} has no URL`);
  }
  const secret = await db.secret.findFirst({
    where: { workspaceId, name: connector.urlSecretRef },
  });
  if (!secret) {
    throw new DbError(
      'NOT_FOUND',
      `connector ${connector.name} uses secret ${connector.urlSecretRef}, which is not set`,
    );
  }
  const url = decryptValue(secret.ciphertext, dataKey, secretAad(workspaceId, secret.id));
  return { ...base, url, secret: { name: secret.name, version: secret.version } };
}
