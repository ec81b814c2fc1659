import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import {
  type Workspace,
  workspaceOmit,
  workspaceSlugSchema,
} from '../workspaces/workspace-settings';

/**
 * Moves the workspace to a new slug (its MCP URL changes). Call it in the transaction of a
 * versioned settings update; ALREADY_EXISTS (field `slug`) when taken.
 */
export async function setWorkspaceSlug(
  db: Db,
  workspaceId: string,
  slug: string,
): Promise<Workspace> {
  const valid = validate(workspaceSlugSchema, slug);
  return withTransaction(db, async (tx) => {
    const { count } = await guard(
      tx.workspace.updateMany({ where: { id: workspaceId }, data: { slug: valid } }),
      'workspace',
    );
    if (count === 0) throw notFound('workspace');
    await notifyChange(tx, { workspaceId, kind: 'workspace', id: workspaceId });
    const workspace = await tx.workspace.findFirst({
      where: { id: workspaceId },
      omit: workspaceOmit,
    });
    if (!workspace) throw notFound('workspace');
    return workspace;
  });
}
