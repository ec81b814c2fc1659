import { ServiceError } from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import type { CreatedToken } from '../tokens/actions';
import type { ActionState } from './action-state';
import { readFormText } from './read-form';

const EXPIRY_CHOICES = new Set(['7', '30', '90', '365', 'never']);

/**
 * What workspace tokens and personal access tokens share on creation: the `expiresInDays`
 * choice is checked and turned into days (null: never), `create` makes the token, `page` is
 * revalidated, and the plaintext is answered once. A refusal keeps what was typed (`values`
 * plus the expiry) so the form is not emptied.
 */
export async function createTokenState(
  formData: FormData,
  values: Record<string, string>,
  page: string,
  create: (expiresInDays: number | null) => Promise<CreatedToken>,
): Promise<ActionState<CreatedToken>> {
  const expiry = readFormText(formData, 'expiresInDays') || '90';
  const typed = { ...values, expiresInDays: expiry };
  if (!EXPIRY_CHOICES.has(expiry)) {
    return { code: 'INVALID', fieldErrors: { expiresInDays: 'Choose an expiry.' }, values: typed };
  }
  try {
    const created = await create(expiry === 'never' ? null : Number(expiry));
    revalidatePath(page);
    return {
      ok: true,
      data: created,
      formMessage: {
        tone: 'success',
        text: `Created ${created.name}. Copy the token now: it is not shown again.`,
      },
    };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'INVALID') {
      return {
        code: error.code,
        fieldErrors: { ...error.fieldErrors },
        values: typed,
        formMessage: { tone: 'error', text: error.message },
      };
    }
    throw error;
  }
}
