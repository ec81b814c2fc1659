'use server';

import { createToken, revokeToken } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { createTokenState } from '../server/create-token-state';
import { defineWorkspaceAction } from '../server/define-action';
import { readFormText } from '../server/read-form';

/** The token in plaintext, exactly once: the page shows it and it is never stored or sent again. */
export type CreatedToken = { plaintext: string; prefix: string; name: string };

function readTokenForm(formData: FormData) {
  return {
    name: readFormText(formData, 'name'),
    allTools: readFormText(formData, 'allTools') !== 'chosen',
    toolNames: formData.getAll('toolNames').filter((v): v is string => typeof v === 'string'),
    scopes: readFormText(formData, 'scopes')
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export const createTokenAction = defineWorkspaceAction('token.create', async (ctx, formData) => {
  const form = readTokenForm(formData);
  const values = {
    name: form.name,
    scopes: form.scopes.join(' '),
    allTools: form.allTools ? 'all' : 'chosen',
    // Tool names are single words (the tool-name rule), so a space joins them safely.
    toolNames: form.toolNames.join(' '),
  };
  return createTokenState(
    formData,
    values,
    `/w/${ctx.workspace.slug}/tokens`,
    async (expiresInDays) => {
      const { token, plaintext } = await createToken(ctx, { ...form, expiresInDays });
      return { plaintext, prefix: token.prefix, name: token.name };
    },
  );
});

export const revokeTokenAction = defineWorkspaceAction('token.revoke', async (ctx, formData) => {
  const tokenId = readFormText(formData, 'tokenId');
  if (!tokenId)
    return { code: 'INVALID', formMessage: { tone: 'error', text: 'No token chosen.' } };
  const token = await revokeToken(ctx, tokenId);
  revalidatePath(`/w/${ctx.workspace.slug}/tokens`);
  return { ok: true, formMessage: { tone: 'success', text: `Revoked ${token.name}.` } };
});
