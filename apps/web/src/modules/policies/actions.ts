'use server';

import { createPolicy, deletePolicy, ServiceError, updatePolicy } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { ActionState } from '../server/action-state';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormNumber, readFormText } from '../server/read-form';
import { readPolicyParams } from './lib/read-policy-params';

/** The form's fields → the service's input, and the values to refill the form with. */
function readPolicyForm(formData: FormData) {
  const { params, values } = readPolicyParams(formData);
  const fields = {
    name: readFormText(formData, 'name'),
    description: readFormText(formData, 'description'),
    plugin: readFormText(formData, 'plugin'),
  };
  return {
    input: {
      ...fields,
      plugin: fields.plugin as 'allow_all',
      params,
      scriptSource: readFormText(formData, 'scriptSource') || null,
    },
    values: { ...fields, ...values, scriptSource: readFormText(formData, 'scriptSource') },
  };
}

function failed(error: unknown, values: Record<string, string>): ActionState {
  if (error instanceof ServiceError && error.code !== 'FORBIDDEN' && error.code !== 'NOT_FOUND')
    return {
      code: error.code,
      fieldErrors: { ...error.fieldErrors },
      values,
      formMessage: {
        tone: 'error',
        text:
          error.code === 'CONFLICT'
            ? 'Someone changed this policy since you opened it. Reload to see their version.'
            : error.message,
      },
    };
  throw error;
}

export const createPolicyAction = defineWorkspaceAction('policy.create', async (ctx, formData) => {
  const { input, values } = readPolicyForm(formData);
  try {
    await createPolicy(ctx, input);
  } catch (error) {
    return failed(error, values);
  }
  redirect(`/w/${ctx.workspace.slug}/policies`);
});

export const updatePolicyAction = defineWorkspaceAction('policy.update', async (ctx, formData) => {
  const { input, values } = readPolicyForm(formData);
  try {
    await updatePolicy(ctx, readFormText(formData, 'policyId'), {
      ...input,
      expectedVersion: readFormNumber(formData, 'expectedVersion') ?? 0,
    });
  } catch (error) {
    return failed(error, values);
  }
  revalidatePath(`/w/${ctx.workspace.slug}/policies`);
  return { ok: true, formMessage: { tone: 'success', text: 'Policy saved.' } };
});

export const deletePolicyAction = defineWorkspaceAction('policy.delete', async (ctx, formData) => {
  try {
    await deletePolicy(ctx, readFormText(formData, 'policyId'));
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'CONFLICT')
      return {
        code: error.code,
        formMessage: { tone: 'error', text: 'Tools still use this policy: change them first.' },
      };
    throw error;
  }
  redirect(`/w/${ctx.workspace.slug}/policies`);
});
