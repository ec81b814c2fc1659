'use server';

import { createPersonalAccessToken, revokePersonalAccessToken } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { createTokenState } from '../server/create-token-state';
import { defineUserAction } from '../server/define-action';
import { readFormText } from '../server/read-form';
import { getServiceDeps } from '../server/service-deps';

const PAGE = '/account/tokens';

export const createPersonalAccessTokenAction = defineUserAction(
  'pat.create',
  async (user, formData) => {
    const name = readFormText(formData, 'name');
    return createTokenState(formData, { name }, PAGE, async (expiresInDays) => {
      const { token, tokenInfo } = await createPersonalAccessToken(getServiceDeps(), user, {
        name,
        expiresInDays,
      });
      return { plaintext: token, prefix: tokenInfo.prefix, name: tokenInfo.name };
    });
  },
);

export const revokePersonalAccessTokenAction = defineUserAction(
  'pat.revoke',
  async (user, formData) => {
    const tokenId = readFormText(formData, 'tokenId');
    if (!tokenId)
      return { code: 'INVALID', formMessage: { tone: 'error', text: 'No token chosen.' } };
    const token = await revokePersonalAccessToken(getServiceDeps(), user, tokenId);
    revalidatePath(PAGE);
    return { ok: true, formMessage: { tone: 'success', text: `Revoked ${token.name}.` } };
  },
);
