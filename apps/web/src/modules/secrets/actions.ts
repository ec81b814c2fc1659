'use server';

import { createSecret, deleteSecret, rotateSecret, ServiceError } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormText } from '../server/read-form';

// Secret values are never echoed back into a form state.

export const createSecretAction = defineWorkspaceAction('secret.set', async (ctx, formData) => {
  const values = {
    name: readFormText(formData, 'name'),
    description: readFormText(formData, 'description'),
  };
  try {
    const secret = await createSecret(ctx, { ...values, value: readFormText(formData, 'value') });
    revalidatePath(`/w/${ctx.workspace.slug}/secrets`);
    return {
      ok: true,
      formMessage: {
        tone: 'success',
        text: `Saved ${secret.name}. Use it as {{ env.${secret.name} }}.`,
      },
    };
  } catch (error) {
    if (error instanceof ServiceError)
      return { code: error.code, fieldErrors: { ...error.fieldErrors }, values };
    throw error;
  }
});

export const rotateSecretAction = defineWorkspaceAction('secret.rotate', async (ctx, formData) => {
  const name = readFormText(formData, 'name');
  try {
    const secret = await rotateSecret(ctx, { name, value: readFormText(formData, 'value') });
    revalidatePath(`/w/${ctx.workspace.slug}/secrets`);
    return {
      ok: true,
      formMessage: {
        tone: 'success',
        text: `Rotated ${secret.name} to version ${secret.version}.`,
      },
    };
  } catch (error) {
    if (error instanceof ServiceError)
      return {
        code: error.code,
        fieldErrors: { ...error.fieldErrors },
        formMessage: { tone: 'error', text: error.message },
      };
    throw error;
  }
});

export const deleteSecretAction = defineWorkspaceAction('secret.delete', async (ctx, formData) => {
  await deleteSecret(ctx, readFormText(formData, 'name'));
  revalidatePath(`/w/${ctx.workspace.slug}/secrets`);
  return { ok: true };
});
