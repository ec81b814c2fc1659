import { decryptValue } from '@toolplane/crypto';
import type { Db } from '../client';
import { getWorkspaceDataKey } from '../keys/get-workspace-data-key';
import type { Keyring } from '../keys/keyring';
import { secretAad } from './secret-types';

export interface SecretValue {
  value: string;
  /** Cache keys use the version, never the value (DESIGN §2). */
  version: number;
}

/**
 * Decrypts the workspace's secrets (all, or only `names`) for `{{ env.X }}` and scripts. Names
 * that are not set are simply absent from the result.
 */
export async function getSecretValues(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  names?: readonly string[],
): Promise<Record<string, SecretValue>> {
  if (names && names.length === 0) return {};
  const rows = await db.secret.findMany({
    where: names ? { workspaceId, name: { in: [...names] } } : { workspaceId },
    select: { id: true, name: true, ciphertext: true, version: true },
  });
  // No prototype: a secret may legally be named __proto__ or constructor.
  const values: Record<string, SecretValue> = Object.create(null);
  if (rows.length === 0) return values;
  const dataKey = await getWorkspaceDataKey(db, keyring, workspaceId);
  for (const row of rows) {
    values[row.name] = {
      value: decryptValue(row.ciphertext, dataKey, secretAad(workspaceId, row.id)),
      version: row.version,
    };
  }
  return values;
}
