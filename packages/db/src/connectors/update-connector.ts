import { encryptValue } from '@toolplane/crypto';
import { z } from 'zod';
import { type Db, withTransaction } from '../client';
import { DbError, notFound } from '../errors';
import type { Prisma } from '../generated/prisma/client';
import { type JsonValue, json } from '../json';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import type { Keyring } from '../keys/keyring';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import {
  type Connector,
  connectorNameSchema,
  connectorUrlAad,
  connectorUrlProblem,
  secretNameSchema,
  toConnector,
} from './connector-types';

const patchSchema = z.object({
  name: connectorNameSchema.optional(),
  type: z.enum(['postgres', 'mysql', 'redis']).optional(),
  description: z.string().max(2000).optional(),
  url: z.string().min(1).max(4096).optional(),
  urlSecretRef: secretNameSchema.optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});

export type UpdateConnectorInput = Omit<z.input<typeof patchSchema>, 'options'> & {
  options?: Record<string, JsonValue>;
  expectedVersion: number;
};

/**
 * Changes a connector at `expectedVersion` (CONFLICT otherwise). Setting `url` replaces a secret
 * reference and vice versa; leaving both out keeps the stored one.
 */
export async function updateConnector(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  connectorId: string,
  input: UpdateConnectorInput,
): Promise<Connector> {
  const { expectedVersion, ...patch } = input;
  const data = validate(patchSchema, patch);
  if (data.url !== undefined && data.urlSecretRef !== undefined) {
    throw new DbError('INVALID', 'give either url or urlSecretRef, not both', {
      fields: ['url', 'urlSecretRef'],
    });
  }
  return withTransaction(db, async (tx) => {
    const current = await tx.connector.findFirst({ where: { id: connectorId, workspaceId } });
    if (!current) throw notFound('connector');
    if (current.version !== expectedVersion) {
      throw new DbError('CONFLICT', 'the connector changed since you loaded it');
    }
    const type = data.type ?? current.type;
    if (
      data.type !== undefined &&
      data.type !== current.type &&
      data.url === undefined &&
      current.urlCiphertext
    ) {
      throw new DbError('INVALID', 'changing the type needs a new url', { fields: ['url'] });
    }
    const update: Prisma.ConnectorUpdateManyMutationInput = { version: { increment: 1 } };
    if (data.name !== undefined) update.name = data.name;
    if (data.type !== undefined) update.type = data.type;
    if (data.description !== undefined) update.description = data.description;
    if (data.options !== undefined) update.options = json(data.options as JsonValue);
    if (data.url !== undefined) {
      const problem = connectorUrlProblem(type, data.url);
      if (problem) throw new DbError('INVALID', problem, { fields: ['url'] });
      const dataKey = await getWorkspaceDataKey(tx, keyring, workspaceId);
      update.urlCiphertext = encryptValue(
        data.url,
        dataKey,
        connectorUrlAad(workspaceId, connectorId),
      );
      update.urlSecretRef = null;
    }
    if (data.urlSecretRef !== undefined) {
      update.urlSecretRef = data.urlSecretRef;
      update.urlCiphertext = null;
    }
    const { count } = await guard(
      tx.connector.updateMany({
        where: { id: connectorId, workspaceId, version: expectedVersion },
        data: update,
      }),
      'connector',
    );
    if (count === 0) throw new DbError('CONFLICT', 'the connector changed since you loaded it');
    await notifyChange(tx, { workspaceId, kind: 'connector', id: connectorId });
    const row = await tx.connector.findFirst({ where: { id: connectorId, workspaceId } });
    if (!row) throw notFound('connector');
    return toConnector(row);
  });
}
