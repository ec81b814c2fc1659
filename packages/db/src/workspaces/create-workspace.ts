import { z } from 'zod';
import { type Db, withTransaction } from '../client';
import { newId } from '../ids';
import type { Keyring } from '../keys/keyring';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { type Workspace, workspaceOmit, workspaceSlugSchema } from './workspace-settings';

const inputSchema = z.object({
  slug: workspaceSlugSchema,
  name: z.string().trim().min(1).max(100),
  ownerUserId: z.string().min(1),
});

export type CreateWorkspaceInput = z.input<typeof inputSchema>;

/**
 * Creates a workspace with its own data key (wrapped by the current master key) and makes
 * `ownerUserId` its owner, in one transaction.
 */
export async function createWorkspace(
  db: Db,
  keyring: Keyring,
  input: CreateWorkspaceInput,
): Promise<Workspace> {
  const { slug, name, ownerUserId } = validate(inputSchema, input);
  const id = newId('ws');
  return withTransaction(db, async (tx) => {
    const workspace = await guard(
      tx.workspace.create({
        data: { id, slug, name, wrappedDataKey: keyring.newWrappedDataKey(id) },
        omit: workspaceOmit,
      }),
      'workspace',
    );
    await guard(
      tx.membership.create({
        data: { id: newId('mem'), workspaceId: id, userId: ownerUserId, role: 'owner' },
      }),
      'membership',
    );
    await notifyChange(tx, { workspaceId: id, kind: 'workspace', id });
    return workspace;
  });
}
