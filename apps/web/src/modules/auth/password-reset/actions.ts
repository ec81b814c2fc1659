'use server';

import { requestPasswordReset, resetPassword, ServiceError } from '@toolplane/services';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getEnv } from '../../../env';
import { definePublicAction } from '../../server/define-action';
import { readFormText } from '../../server/read-form';
import { getServiceDeps } from '../../server/service-deps';

/**
 * The link's origin comes from this request's Host, which a client controls: acceptable only
 * while mail goes to the development outbox. Production needs a configured public URL and SMTP
 * (not wired yet), so there the form says reset by email is unavailable instead.
 */
async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('host') ?? '127.0.0.1';
  const proto = h.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

const SAME_ANSWER =
  'If an account uses that address, a reset link is on its way. It works once, for one hour.';

export const requestPasswordResetAction = definePublicAction(
  'account.request-password-reset',
  async (formData) => {
    const email = readFormText(formData, 'email').trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return {
        code: 'INVALID',
        fieldErrors: { email: 'Enter the email address you sign in with.' },
        values: { email },
      };
    if (getEnv().TOOLPLANE_MODE === 'production')
      return {
        code: 'UNAVAILABLE',
        formMessage: {
          tone: 'notice',
          text: 'Password reset by email is not configured on this server yet. Ask your administrator.',
        },
        values: { email },
      };
    const origin = await requestOrigin();
    await requestPasswordReset(getServiceDeps(), {
      email,
      resetUrl: (token) => `${origin}/reset-password/${encodeURIComponent(token)}`,
    });
    // The same answer whether or not the address has an account.
    return { ok: true, formMessage: { tone: 'success', text: SAME_ANSWER } };
  },
);

export const resetPasswordAction = definePublicAction(
  'account.reset-password',
  async (formData) => {
    const newPassword = readFormText(formData, 'newPassword');
    if (newPassword !== readFormText(formData, 'confirmPassword'))
      return { code: 'INVALID', fieldErrors: { confirmPassword: 'The two passwords differ.' } };
    try {
      await resetPassword(getServiceDeps(), {
        token: readFormText(formData, 'token'),
        newPassword,
      });
    } catch (error) {
      if (error instanceof ServiceError)
        return {
          code: error.code,
          fieldErrors: { ...error.fieldErrors },
          formMessage: { tone: 'error', text: error.message },
        };
      throw error;
    }
    redirect('/sign-in?reset=1');
  },
);
