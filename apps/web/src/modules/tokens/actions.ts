'use server';

import { createToken, revokeToken, ServiceError } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import type { ActionState } from '../server/action-state';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormText } from '../server/read-form';

/** The token in plaintext, exactly once: the page shows it and it is never stored or sent again. */
export type CreatedToken = { plaintext: string; prefix: string; name: string };

const EXPIRY_CHOICES = new Set(['7', '30', '90', '365', 'never']);

function readTokenForm(formData: FormData) {
  const expiry = readFormText(formData, 'expiresInDays') || '90';
  return {
    name: readFormText(formData, 'name'),
    allTools: readFormText(formData, 'allTools') !== 'chosen',
    toolNames: formData.getAll('toolNames').filter((v): v is string => typeof v === 'string'),
    scopes: readFormText(formData, 'scopes')
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    expiry,
  };
}

export const createTokenAction = defineWorkspaceAction(
  'token.create',
  async (ctx, formData): Promise<ActionState<CreatedToken>> => {
    const form = readTokenForm(formData);
    const values = {
      name: form.name,
      scopes: form.scopes.join(' '),
      expiresInDays: form.expiry,
      allTools: form.allTools ? 'all' : 'chosen',
    };
    if (!EXPIRY_CHOICES.has(form.expiry))
      return {
        code: 'INVALID',
        fieldErrors: { expiresInDays: 'Choose an expiry.' },
        values,
      };
    try {
      const { token, plaintext } = await createToken(ctx, {
        name: form.name,
        allTools: form.allTools,
        toolNames: form.toolNames,
        scopes: form.scopes,
        expiresInDays: form.expiry === 'never' ? null : Number(form.expiry),
      });
      revalidatePath(`/w/${ctx.workspace.slug}/tokens`);
      return {
        ok: true,
        data: { plaintext, prefix: token.prefix, name: token.name },
        formMessage: {
          tone: 'success',
          text: `Created ${token.name}. Copy the token now: it is not shown again.`,
        },
      };
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'INVALID')
        return {
          code: error.code,
          fieldErrors: { ...error.fieldErrors },
          values,
          formMessage: { tone: 'error', text: error.message },
        };
      throw error;
    }
  },
);

export const revokeTokenAction = defineWorkspaceAction('token.revoke', async (ctx, formData) => {
  const tokenId = readFormText(formData, 'tokenId');
  if (!tokenId)
    return { code: 'INVALID', formMessage: { tone: 'error', text: 'No token chosen.' } };
  const token = await revokeToken(ctx, tokenId);
  revalidatePath(`/w/${ctx.workspace.slug}/tokens`);
  return { ok: true, formMessage: { tone: 'success', text: `Revoked ${token.name}.` } };
});
