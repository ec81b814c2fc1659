import {
  createWorkspace as createWorkspaceRow,
  recordAuditEvent,
  type Workspace,
  withTransaction,
} from '@toolplane/db';
import { z } from 'zod';
import { parseInput } from '../parse-input';
import type { Actor, ServiceDeps } from '../service-deps';
import { mapDbErrors, ServiceError } from '../service-error';

export const ZSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'Use at least 2 characters.')
  .max(40, 'Use at most 40 characters.')
  .regex(/^[a-z0-9][a-z0-9-]*[a-z0-9]$/, 'Use lowercase letters, digits and inner hyphens.');

export const ZCreateWorkspaceInput = z.object({
  name: z.string().trim().min(1, 'Name your workspace.').max(100, 'Use at most 100 characters.'),
  slug: ZSlug,
});

/** "Acme Corp." → "acme-corp": the suggestion the form shows as the user types a name. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/** A new workspace with the actor as its owner. */
export async function createWorkspace(
  deps: ServiceDeps,
  actor: Actor,
  input: z.input<typeof ZCreateWorkspaceInput>,
): Promise<Workspace> {
  const data = parseInput(ZCreateWorkspaceInput, input);
  try {
    return await mapDbErrors(() =>
      withTransaction(deps.db, async (tx) => {
        const workspace = await createWorkspaceRow(tx, deps.keyring, {
          ...data,
          ownerUserId: actor.userId,
        });
        await recordAuditEvent(tx, workspace.id, {
          actorUserId: actor.userId,
          action: 'workspace.create',
          targetType: 'workspace',
          targetId: workspace.id,
          after: { name: workspace.name, slug: workspace.slug },
          requestId: actor.requestId,
        });
        return workspace;
      }),
    );
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'ALREADY_EXISTS') {
      const message = 'That URL is taken. Try another.';
      throw new ServiceError('ALREADY_EXISTS', message, { fieldErrors: { slug: message } });
    }
    throw error;
  }
}
