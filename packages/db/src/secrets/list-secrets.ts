import type { Db } from '../client';
import { type Secret, secretOmit } from './secret-types';

/** Names, versions and descriptions; never values. */
export async function listSecrets(db: Db, workspaceId: string): Promise<Secret[]> {
  return db.secret.findMany({ where: { workspaceId }, omit: secretOmit, orderBy: { name: 'asc' } });
}
