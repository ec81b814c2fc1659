'use server';

import type { AuthFormState } from '../lib/auth-form-state';
import { firstErrorPerField } from '../lib/first-error-per-field';
import { readFormText } from '../lib/read-form-text';
import { type SignInField, ZSignInInput } from './lib/sign-in-input';

export type SignInState = AuthFormState<SignInField>;

export async function signInAction(
  _previous: SignInState,
  formData: FormData,
): Promise<SignInState> {
  const values = { email: readFormText(formData, 'email') };
  const parsed = ZSignInInput.safeParse({
    ...values,
    password: readFormText(formData, 'password'),
  });
  if (!parsed.success) {
    return { fieldErrors: firstErrorPerField<SignInField>(parsed.error), values };
  }
  // Accounts arrive in a later issue; then this calls one service function (e.g. signIn) and
  // maps its allow-listed errors. Until then, say so rather than pretend.
  return {
    formMessage: {
      tone: 'notice',
      text: 'Sign-in is not available yet: accounts arrive in an upcoming release of Toolplane.',
    },
    values,
  };
}
