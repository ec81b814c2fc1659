'use server';

import { requestPasswordReset, resetPassword, ServiceError } from '@toolplane/services';
import { redirect } from 'next/navigation';
import { linkOrigin } from '../../../lib/link-origin';
import { definePublicAction } from '../../server/define-action';
import { readFormText } from '../../server/read-form';
import { getServiceDeps } from '../../server/service-deps';

const SAME_ANSWER =
  'If an account uses that address, a reset link is on its way. It works once, for one hour.';

export const requestPasswordResetAction = definePublicAction(
  'account.request-password-reset',
  async (formData, requestId) => {
    const email = readFormText(formData, 'email').trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return {
        code: 'INVALID',
        fieldErrors: { email: 'Enter the email address you sign in with.' },
        values: { email },
      };
    const origin = await linkOrigin();
    if (origin === null)
      return {
        code: 'UNAVAILABLE',
        formMessage: {
          tone: 'notice',
          text: 'Password reset by email is not configured on this server yet. Ask your administrator.',
        },
        values: { email },
      };
    try {
      await requestPasswordReset(getServiceDeps(), {
        email,
        resetUrl: (token) => `${origin}/reset-password/${encodeURIComponent(token)}`,
      });
    } catch (error) {
      // A failure only happens for a known address, so answering differently would reveal it.
      // Logged without the message or link (the SMTP mailer's errors carry neither).
      console.error(
        `toolplane-web: password-reset mail failed (request ${requestId}): ${error instanceof Error ? error.message : 'unknown error'}`,
      );
    }
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
