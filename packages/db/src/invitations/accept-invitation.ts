import { hashToken } from '../api-tokens/token-secret';
import { type Db, withTransaction } from '../client';
import { DbError } from '../errors';
import { newId } from '../ids';
import { notifyChange } from '../notify';

/**
 * Accepts a pending invitation for `userId`: marks it used and adds the membership with its role
 * (an existing member keeps their role). NOT_FOUND for a used, revoked, expired or unknown link.
 */
export async function acceptInvitation(
  db: Db,
  plaintext: string,
  userId: string,
  now: Date = new Date(),
): Promise<{ workspaceId: string; role: string }> {
  return withTransaction(db, async (tx) => {
    const rows = await tx.$queryRaw<{ workspace_id: string; role: string }[]>`
      UPDATE invitations SET accepted_at = ${now}, accepted_by_id = ${userId},
             version = version + 1, updated_at = ${now}
       WHERE token_hash = ${hashToken(plaintext)} AND accepted_at IS NULL AND revoked_at IS NULL
         AND expires_at > ${now}
      RETURNING workspace_id, role::text AS role`;
    const row = rows[0];
    if (!row) throw new DbError('NOT_FOUND', 'this invitation link is no longer valid');
    await tx.$executeRaw`
      INSERT INTO memberships (id, workspace_id, user_id, role, version, created_at, updated_at)
      VALUES (${newId('mem')}, ${row.workspace_id}, ${userId}, ${row.role}::member_role, 1, ${now}, ${now})
      ON CONFLICT (workspace_id, user_id) DO NOTHING`;
    await notifyChange(tx, { workspaceId: row.workspace_id, kind: 'workspace' });
    return { workspaceId: row.workspace_id, role: row.role };
  });
}
