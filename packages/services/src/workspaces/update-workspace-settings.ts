import {
  getWorkspaceBySlug,
  setWorkspaceSlug,
  updateWorkspaceSettings as updateSettingsRow,
  type Workspace,
  type WorkspaceSettings,
  workspaceSettingsSchema,
} from '@toolplane/db';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';
import { ZSlug } from './create-workspace';

export const ZWorkspaceSettingsInput = workspaceSettingsSchema
  .partial()
  .extend({ slug: ZSlug.optional(), expectedVersion: z.number().int().min(1) });

/**
 * Changes settings at the version the form loaded (CONFLICT otherwise). Changing the slug moves
 * the MCP URL: the form warns; the data layer keeps slugs unique.
 */
export async function updateWorkspaceSettings(
  ctx: WorkspaceContext,
  input: z.input<typeof ZWorkspaceSettingsInput>,
): Promise<Workspace> {
  authorize(ctx, 'workspace.update-settings');
  const { slug, expectedVersion, ...patch } = parseInput(ZWorkspaceSettingsInput, input);
  if (slug !== undefined && slug !== ctx.workspace.slug) {
    const taken = await getWorkspaceBySlug(ctx.deps.db, slug);
    if (taken) {
      const message = 'That URL is taken. Try another.';
      throw new ServiceError('ALREADY_EXISTS', message, { fieldErrors: { slug: message } });
    }
  }
  const before = ctx.workspace;
  return audited(
    ctx,
    async (tx) => {
      const updated = await updateSettingsRow(tx, ctx.workspace.id, {
        ...(patch as Partial<WorkspaceSettings>),
        expectedVersion,
      });
      if (slug === undefined || slug === updated.slug) return updated;
      // The settings schema has no slug (it is the tenant's address): renamed in the same
      // transaction, after the version check passed.
      return setWorkspaceSlug(tx, ctx.workspace.id, slug);
    },
    (after) => ({
      action: 'workspace.update-settings',
      targetType: 'workspace',
      targetId: ctx.workspace.id,
      before: changedFields(before, after),
      after: changedFields(after, before),
    }),
  );
}

function changedFields(a: Workspace, b: Workspace): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(a)) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    if (JSON.stringify(value) !== JSON.stringify((b as Record<string, unknown>)[key]))
      out[key] = value;
  }
  return out;
}
