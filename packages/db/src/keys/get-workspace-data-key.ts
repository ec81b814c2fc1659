import type { Db } from '../client';
import { notFound } from '../errors';
import type { Keyring } from './keyring';

/** The workspace's unwrapped data key (aad = workspace id), for encrypting or decrypting values. */
export async function getWorkspaceDataKey(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
): Promise<Uint8Array> {
  const row = await db.workspace.findFirst({
    where: { id: workspaceId },
    select: { wrappedDataKey: true },
  });
  if (!row) throw notFound('workspace');
  return keyring.unwrap(workspaceId, row.wrappedDataKey);
}
