'use server';

import { createTool, deleteTool, rollbackTool, updateTool } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormJson, readFormNumber, readFormText } from '../server/read-form';

/**
 * The editor posts its whole draft as JSON in `draft`; the service validates and compiles it.
 * A refused draft needs no catch here: defineWorkspaceAction answers any ServiceError with its
 * code, message and field errors.
 */
export const saveToolAction = defineWorkspaceAction('tool.update', async (ctx, formData) => {
  const draft = (readFormJson(formData, 'draft') ?? {}) as Record<string, unknown>;
  const toolId = readFormText(formData, 'toolId');
  const tool = await updateTool(ctx, toolId, {
    ...(draft as object),
    expectedVersion: readFormNumber(formData, 'expectedVersion') ?? 0,
  } as never);
  revalidatePath(`/w/${ctx.workspace.slug}/tools`);
  return {
    ok: true,
    data: { id: tool.id, version: tool.version },
    formMessage: { tone: 'success', text: `Saved version ${tool.version}.` },
  };
});

// Creating is a separate registry entry; the editor's save of a new tool goes through it.
export const createToolAction = defineWorkspaceAction('tool.create', async (ctx, formData) => {
  const draft = (readFormJson(formData, 'draft') ?? {}) as Record<string, unknown>;
  const tool = await createTool(ctx, draft as never);
  revalidatePath(`/w/${ctx.workspace.slug}/tools`);
  return {
    ok: true,
    data: { id: tool.id, version: tool.version },
    formMessage: { tone: 'success', text: 'Created version 1.' },
  };
});

export const rollbackToolAction = defineWorkspaceAction('tool.rollback', async (ctx, formData) => {
  const toolId = readFormText(formData, 'toolId');
  const tool = await rollbackTool(ctx, toolId, {
    toVersion: readFormNumber(formData, 'toVersion') ?? 0,
    expectedVersion: readFormNumber(formData, 'expectedVersion') ?? 0,
  });
  revalidatePath(`/w/${ctx.workspace.slug}/tools/${toolId}`);
  return {
    ok: true,
    formMessage: { tone: 'success', text: `Restored as version ${tool.version}.` },
  };
});

export const deleteToolAction = defineWorkspaceAction('tool.delete', async (ctx, formData) => {
  await deleteTool(ctx, readFormText(formData, 'toolId'));
  redirect(`/w/${ctx.workspace.slug}/tools`);
});
