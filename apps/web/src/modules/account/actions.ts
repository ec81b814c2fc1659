'use server';

import { changePassword, ServiceError } from '@toolplane/services';
import { signIn } from '../auth/lib/auth';
import { defineUserAction } from '../server/define-action';
import { readFormText } from '../server/read-form';
import { getServiceDeps } from '../server/service-deps';

/**
 * Changes the password. The session version moves, which ends every other session; this one
 * is re-issued by signing in again with the new password (the JWT carries the new version).
 */
export const changePasswordAction = defineUserAction(
  'account.change-password',
  async (user, formData) => {
    const newPassword = readFormText(formData, 'newPassword');
    if (newPassword !== readFormText(formData, 'confirmPassword'))
      return {
        code: 'INVALID',
        fieldErrors: { confirmPassword: 'The two new passwords differ.' },
      };
    try {
      await changePassword(getServiceDeps(), user, {
        currentPassword: readFormText(formData, 'currentPassword'),
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
    await signIn('credentials', {
      email: user.email,
      password: newPassword,
      redirectTo: '/account?changed=1',
    });
    return { ok: true };
  },
);
