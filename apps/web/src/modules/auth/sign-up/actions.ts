'use server';

import { signUp } from '@toolplane/services';
import { definePublicAction } from '../../server/define-action';
import { getServiceDeps } from '../../server/service-deps';
import { signIn } from '../lib/auth';
import { readFormText } from '../lib/read-form-text';

export const signUpAction = definePublicAction('account.sign-up', async (formData) => {
  const values = { name: readFormText(formData, 'name'), email: readFormText(formData, 'email') };
  const password = readFormText(formData, 'password');
  try {
    await signUp(getServiceDeps(), { ...values, password });
  } catch (error) {
    const { ServiceError } = await import('@toolplane/services');
    if (error instanceof ServiceError && error.code !== 'UNAVAILABLE') {
      return { fieldErrors: { ...error.fieldErrors }, values };
    }
    throw error;
  }
  // Start the session straight away; a new user's first stop is creating a workspace.
  await signIn('credentials', { email: values.email, password, redirectTo: '/new' });
  return {};
});
