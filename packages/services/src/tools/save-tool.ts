import {
  createTool as createToolRow,
  getTool,
  type Tool,
  toolDefinitionOf,
  updateTool as updateToolRow,
} from '@toolplane/db';
import type { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { workspaceDb } from '../authorization/workspace-db';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';
import { loadDraftContext } from './load-draft-context';
import { redactInlineAuth } from './redact-inline-auth';
import {
  checkToolDraft,
  type DraftDiagnostic,
  inlineAuthPlugin,
  type ToolDraft,
} from './tool-draft';
import { ZToolDraft } from './tool-draft-schema';

/** INVALID with the first error per field, when the compiler finds errors (warnings pass). */
async function assertCompiles(ctx: WorkspaceContext, draft: ToolDraft): Promise<void> {
  const diagnostics = checkToolDraft(draft, await loadDraftContext(ctx));
  const errors = diagnostics.filter((d: DraftDiagnostic) => d.severity === 'error');
  if (errors.length === 0) return;
  const fieldErrors: Record<string, string> = {};
  for (const d of errors) {
    fieldErrors[d.field] ??=
      d.line === undefined ? d.message : `${d.line}:${d.column ?? 1} ${d.message}`;
  }
  throw new ServiceError('INVALID', 'Fix the errors before saving.', { fieldErrors });
}

/** A new tool at version 1 (its first immutable version). */
export async function createTool(
  ctx: WorkspaceContext,
  input: z.input<typeof ZToolDraft>,
): Promise<Tool> {
  authorize(ctx, 'tool.create');
  const draft = { ...parseInput(ZToolDraft, input), authInline: null } as ToolDraft;
  await assertCompiles(ctx, draft);
  return audited(
    ctx,
    (tx) =>
      createToolRow(tx, ctx.workspace.id, draft as never, {
        actorUserId: ctx.actor.userId,
        keyring: ctx.deps.keyring,
      }),
    (tool) => ({
      action: 'tool.create',
      targetType: 'tool',
      targetId: tool.id,
      after: toolDefinitionOf(tool),
    }),
  );
}

/**
 * Saves a new version on top of `expectedVersion`; a stale version is CONFLICT, never lost work.
 * A draft without `authInline` keeps the stored inline auth block as it is (the data layer merges
 * the patch over the row); `authInline: null` removes it.
 */
export async function updateTool(
  ctx: WorkspaceContext,
  toolId: string,
  input: z.input<typeof ZToolDraft> & { expectedVersion: number },
): Promise<Tool> {
  authorize(ctx, 'tool.update');
  const { authInline, ...fields } = parseInput(ZToolDraft, input);
  const before = await getTool(workspaceDb(ctx), ctx.workspace.id, toolId);
  if (!before) throw new ServiceError('NOT_FOUND', 'Tool not found.');
  const keptInline = authInline === undefined ? before.authInline : null;
  // A tool has one auth block (spec: execution-pipeline, Authentication), and the converter
  // would let the policy win silently: choosing a policy must remove the inline block explicitly.
  if (keptInline !== null && fields.authPolicyId) {
    throw new ServiceError('INVALID', 'Fix the errors before saving.', {
      fieldErrors: {
        authPolicyId: `The tool has an inline auth block (${inlineAuthPlugin(keptInline)}): remove it to use a shared policy.`,
      },
    });
  }
  // Compiled as the editor compiled it: the kept block with its credentials redacted.
  await assertCompiles(ctx, {
    ...fields,
    authInline: redactInlineAuth(keptInline),
  } as ToolDraft);
  const patch = authInline === undefined ? fields : { ...fields, authInline: null };
  return audited(
    ctx,
    (tx) =>
      updateToolRow(
        tx,
        ctx.workspace.id,
        toolId,
        { ...patch, expectedVersion: input.expectedVersion } as never,
        { actorUserId: ctx.actor.userId, keyring: ctx.deps.keyring },
      ),
    (tool) => ({
      action: 'tool.update',
      targetType: 'tool',
      targetId: tool.id,
      before: { version: before.version, ...toolDefinitionOf(before) },
      after: { version: tool.version, ...toolDefinitionOf(tool) },
    }),
  );
}
