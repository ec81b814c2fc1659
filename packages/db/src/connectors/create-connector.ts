import { encryptValue } from '@toolplane/crypto';
import { z } from 'zod';
import { type Db, withTransaction } from '../client';
import { DbError } from '../errors';
import { newId } from '../ids';
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

const inputSchema = z.object({
  name: connectorNameSchema,
  type: z.enum(['postgres', 'mysql', 'redis']),
  description: z.string().max(2000).optional(),
  url: z.string().min(1).max(4096).optional(),
  urlSecretRef: secretNameSchema.optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});

export type CreateConnectorInput = Omit<z.input<typeof inputSchema>, 'options'> & {
  options?: Record<string, JsonValue>;
};

/**
 * A connector whose URL is either a literal (`url`, stored encrypted with the workspace's data
 * key) or the name of a workspace secret (`urlSecretRef`, for `{{ env.X }}`) — exactly one.
 */
export async function createConnector(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  input: CreateConnectorInput,
): Promise<Connector> {
  const data = validate(inputSchema, input);
  if ((data.url === undefined) === (data.urlSecretRef === undefined)) {
    throw new DbError('INVALID', 'give either url or urlSecretRef, not both or neither', {
      fields: ['url', 'urlSecretRef'],
    });
  }
  if (data.url !== undefined) {
    const problem = connectorUrlProblem(data.type, data.url);
    if (problem) throw new DbError('INVALID', problem, { fields: ['url'] });
  }
  const id = newId('con');
  return withTransaction(db, async (tx) => {
    const urlCiphertext =
      data.url === undefined
        ? null
        : encryptValue(
            data.url,
            await getWorkspaceDataKey(tx, keyring, workspaceId),
            connectorUrlAad(workspaceId, id),
          );
    const row = await guard(
      tx.connector.create({
        data: {
          id,
          workspaceId,
          name: data.name,
          type: data.type,
          description: data.description ?? '',
          urlCiphertext,
          urlSecretRef: data.urlSecretRef ?? null,
          options: json((data.options ?? {}) as JsonValue),
        },
      }),
      'connector',
    );
    await notifyChange(tx, { workspaceId, kind: 'connector', id });
    return toConnector(row);
  });
}
