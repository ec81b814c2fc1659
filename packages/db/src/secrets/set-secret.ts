import { encryptValue } from '@toolplane/crypto';
import { z } from 'zod';
import { type Db, withTransaction } from '../client';
import { newId } from '../ids';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import type { Keyring } from '../keys/keyring';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { SECRET_NAME, type Secret, secretAad, secretOmit } from './secret-types';

export const secretInputSchema = z.object({
  name: z.string().max(128).regex(SECRET_NAME, 'must match ^[A-Za-z_][A-Za-z0-9_]*$'),
  value: z.string().max(64 * 1024),
  description: z.string().max(2000).optional(),
});

export type SetSecretInput = z.input<typeof secretInputSchema>;

/**
 * Creates the secret at version 1, or — when the name exists — replaces its value and bumps the
 * version (a rotation). The value is encrypted with the workspace data key; aad binds it to this
 * workspace and secret id.
 */
export async function setSecret(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  input: SetSecretInput,
): Promise<Secret> {
  const { name, value, description } = validate(secretInputSchema, input);
  return withTransaction(db, async (tx) => {
    const dataKey = await getWorkspaceDataKey(tx, keyring, workspaceId);
    // Lock the row if it exists, so a concurrent set of the same name waits for this one.
    const [existing] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM secrets WHERE workspace_id = ${workspaceId} AND name = ${name} FOR UPDATE`;
    let secret: Secret;
    if (existing) {
      secret = await tx.secret.update({
        where: { id: existing.id, workspaceId },
        data: {
          ciphertext: encryptValue(value, dataKey, secretAad(workspaceId, existing.id)),
          ...(description === undefined ? {} : { description }),
          version: { increment: 1 },
        },
        omit: secretOmit,
      });
    } else {
      const id = newId('sec');
      secret = await guard(
        tx.secret.create({
          data: {
            id,
            workspaceId,
            name,
            description: description ?? '',
            ciphertext: encryptValue(value, dataKey, secretAad(workspaceId, id)),
          },
          omit: secretOmit,
        }),
        'secret',
      );
    }
    await notifyChange(tx, { workspaceId, kind: 'secret', id: secret.id });
    return secret;
  });
}
