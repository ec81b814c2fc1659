'use server';

import {
  createConnector,
  deleteConnector,
  ServiceError,
  testConnector,
  updateConnector,
} from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormNumber, readFormText } from '../server/read-form';

function connectorForm(formData: FormData) {
  return {
    name: readFormText(formData, 'name'),
    type: readFormText(formData, 'type') as 'postgres',
    description: readFormText(formData, 'description'),
    connection: readFormText(formData, 'connection'),
  };
}

/** What goes back to the form: never the connection field (it may hold a password). */
const echo = (form: ReturnType<typeof connectorForm>) => ({
  name: form.name,
  type: form.type,
  description: form.description,
});

/**
 * Runs a create or update; an expected refusal goes back to the form with what was typed (minus
 * the connection), success returns to the list.
 */
async function saveThenList(
  slug: string,
  form: ReturnType<typeof connectorForm>,
  save: () => Promise<unknown>,
) {
  try {
    await save();
  } catch (error) {
    if (error instanceof ServiceError)
      return {
        code: error.code,
        fieldErrors: { ...error.fieldErrors },
        values: echo(form),
        formMessage: { tone: 'error' as const, text: error.message },
      };
    throw error;
  }
  redirect(`/w/${slug}/connectors`);
}

export const createConnectorAction = defineWorkspaceAction(
  'connector.create',
  async (ctx, formData) => {
    const form = connectorForm(formData);
    return saveThenList(ctx.workspace.slug, form, () => createConnector(ctx, form));
  },
);

export const updateConnectorAction = defineWorkspaceAction(
  'connector.update',
  async (ctx, formData) => {
    const form = connectorForm(formData);
    return saveThenList(ctx.workspace.slug, form, () =>
      updateConnector(ctx, readFormText(formData, 'connectorId'), {
        ...form,
        expectedVersion: readFormNumber(formData, 'expectedVersion') ?? 0,
      }),
    );
  },
);

export const deleteConnectorAction = defineWorkspaceAction(
  'connector.delete',
  async (ctx, formData) => {
    await deleteConnector(ctx, readFormText(formData, 'connectorId'));
    revalidatePath(`/w/${ctx.workspace.slug}/connectors`);
    return { ok: true, formMessage: { tone: 'success', text: 'Connector deleted.' } };
  },
);

export const testConnectorAction = defineWorkspaceAction(
  'connector.test',
  async (ctx, formData) => {
    const connection = readFormText(formData, 'connection');
    const connectorId = readFormText(formData, 'connectorId');
    const result = await testConnector(ctx, {
      ...(connectorId ? { connectorId } : {}),
      ...(connection ? { connection } : {}),
      type: readFormText(formData, 'type') as 'postgres',
    });
    return result.ok
      ? { ok: true, formMessage: { tone: 'success', text: `Connected in ${result.latencyMs} ms.` } }
      : { ok: false, formMessage: { tone: 'error', text: `Could not connect: ${result.message}` } };
  },
);
