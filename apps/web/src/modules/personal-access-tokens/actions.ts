'use server';

import {
  createPersonalAccessToken,
  revokePersonalAccessToken,
  ServiceError,
} from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import type { ActionState } from '../server/action-state';
import { defineUserAction } from '../server/define-action';
import { readFormText } from '../server/read-form';
import { getServiceDeps } from '../server/service-deps';
import type { CreatedToken } from '../tokens/actions';

const EXPIRY_CHOICES = new Set(['7', '30', '90', '365', 'never']);
const PAGE = '/account/tokens';

export const createPersonalAccessTokenAction = defineUserAction(
  'pat.create',
  async (user, formData): Promise<ActionState<CreatedToken>> => {
    const name = readFormText(formData, 'name');
    const expiry = readFormText(formData, 'expiresInDays') || '90';
    const values = { name, expiresInDays: expiry };
    if (!EXPIRY_CHOICES.has(expiry))
      return { code: 'INVALID', fieldErrors: { expiresInDays: 'Choose an expiry.' }, values };
    try {
      const { token, tokenInfo } = await createPersonalAccessToken(getServiceDeps(), user, {
        name,
        expiresInDays: expiry === 'never' ? null : Number(expiry),
      });
      revalidatePath(PAGE);
      return {
        ok: true,
        data: { plaintext: token, prefix: tokenInfo.prefix, name: tokenInfo.name },
        formMessage: {
          tone: 'success',
          text: `Created ${tokenInfo.name}. Copy the token now: it is not shown again.`,
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
