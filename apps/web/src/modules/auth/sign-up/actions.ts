'use server';

import type { AuthFormState } from '../lib/auth-form-state';
import { firstErrorPerField } from '../lib/first-error-per-field';
import { readFormText } from '../lib/read-form-text';
import { type SignUpField, ZSignUpInput } from './lib/sign-up-input';

export type SignUpState = AuthFormState<SignUpField>;

export async function signUpAction(
  _previous: SignUpState,
  formData: FormData,
): Promise<SignUpState> {
  const values = { name: readFormText(formData, 'name'), email: readFormText(formData, 'email') };
  const parsed = ZSignUpInput.safeParse({
    ...values,
    password: readFormText(formData, 'password'),
  });
  if (!parsed.success) {
    return { fieldErrors: firstErrorPerField<SignUpField>(parsed.error), values };
  }
  // Accounts arrive in a later issue; then this calls one service function (e.g. createAccount).
  return {
    formMessage: {
      tone: 'notice',
      text: 'Creating accounts is not available yet: it arrives in an upcoming release of Toolplane.',
    },
    values,
  };
}
