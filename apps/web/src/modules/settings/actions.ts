'use server';

import { deleteWorkspace, ServiceError, updateWorkspaceSettings } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormNumber, readFormText } from '../server/read-form';

/** The numeric settings a form may post; an empty field leaves the setting unchanged. */
const NUMERIC_SETTINGS = [
  'defaultCacheTtlSeconds',
  'rateLimitPerMinute',
  'tokenRateLimitPerMinute',
  'scriptMemoryMb',
  'scriptCpuMs',
  'scriptWallMs',
  'statementTimeoutMs',
  'defaultRowCap',
  'maxResultBytes',
  'maxRequestBytes',
  'invocationRetentionDays',
] as const;

function readSettingsForm(formData: FormData) {
  const patch: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const key of ['name', 'slug', 'errorStyle', 'egressAllowList', ...NUMERIC_SETTINGS]) {
    values[key] = readFormText(formData, key);
  }
  if (formData.has('name')) patch.name = values.name;
  if (formData.has('slug')) patch.slug = values.slug;
  if (formData.has('errorStyle')) patch.errorStyle = values.errorStyle;
  if (formData.has('egressAllowList'))
    patch.egressAllowList = (values.egressAllowList ?? '')
      .split(/[\s,]+/)
      .map((h) => h.trim())
      .filter(Boolean);
  if (formData.has('recordPayloadsField'))
    patch.recordPayloads = readFormText(formData, 'recordPayloads') === 'on';
  for (const key of NUMERIC_SETTINGS) {
    const n = readFormNumber(formData, key);
    if (n !== undefined) patch[key] = n;
  }
  return { patch, values };
}

export const updateSettingsAction = defineWorkspaceAction(
  'workspace.update-settings',
  async (ctx, formData) => {
    const { patch, values } = readSettingsForm(formData);
    const expectedVersion = readFormNumber(formData, 'expectedVersion');
    let slug: string;
    try {
      const updated = await updateWorkspaceSettings(ctx, {
        ...patch,
        expectedVersion: expectedVersion ?? Number.NaN,
      } as Parameters<typeof updateWorkspaceSettings>[1]);
      slug = updated.slug;
    } catch (error) {
      if (
        error instanceof ServiceError &&
        ['INVALID', 'ALREADY_EXISTS', 'CONFLICT'].includes(error.code)
      )
        return {
          code: error.code,
          fieldErrors: { ...error.fieldErrors },
          values,
          formMessage: {
            tone: 'error',
            text:
              error.code === 'CONFLICT'
                ? 'Someone changed these settings since you opened them. Reload to see their changes.'
                : error.message,
          },
        };
      throw error;
    }
    revalidatePath(`/w/${slug}`, 'layout');
    if (slug !== ctx.workspace.slug) redirect(`/w/${slug}/settings?saved=1`);
    return { ok: true, formMessage: { tone: 'success', text: 'Settings saved.' } };
  },
);

export const deleteWorkspaceAction = defineWorkspaceAction(
  'workspace.delete',
  async (ctx, formData) => {
    const confirmSlug = readFormText(formData, 'confirmSlug');
    try {
      await deleteWorkspace(ctx, { confirmSlug });
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'INVALID')
        return { code: error.code, fieldErrors: { ...error.fieldErrors }, values: { confirmSlug } };
      throw error;
    }
    // The workspace's audit log is gone with it; this line is the record of the deletion.
    console.info(
      `toolplane-web: workspace ${ctx.workspace.id} (${ctx.workspace.slug}) deleted by ${ctx.actor.userId} (request ${ctx.actor.requestId})`,
    );
    redirect('/');
  },
);
