'use server';

import { AuthError, CredentialsSignin } from 'next-auth';
import { getEnv } from '../../../env';
import { definePublicAction, defineUserAction } from '../../server/define-action';
import { signIn, signOut } from '../lib/auth';
import { firstErrorPerField } from '../lib/first-error-per-field';
import { oauthButtons } from '../lib/oauth-providers';
import { readFormText } from '../lib/read-form-text';
import { ZSignInInput } from './lib/sign-in-input';

/** Only same-site paths: an open redirect would let a link send users elsewhere after sign-in. */
function safeNext(value: string): string {
  return value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export const signInAction = definePublicAction('account.sign-in', async (formData) => {
  const values = { email: readFormText(formData, 'email') };
  const parsed = ZSignInInput.safeParse({
    ...values,
    password: readFormText(formData, 'password'),
  });
  if (!parsed.success) return { fieldErrors: firstErrorPerField(parsed.error), values };
  try {
    await signIn('credentials', {
      email: parsed.data.email,
      password: parsed.data.password,
      redirectTo: safeNext(readFormText(formData, 'next')),
    });
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      const text =
        error.code === 'locked'
          ? 'Too many failed attempts for this account. Wait 15 minutes or reset your password.'
          : 'That email and password do not match an account.';
      return { formMessage: { tone: 'error', text }, values };
    }
    if (error instanceof AuthError) {
      return { formMessage: { tone: 'error', text: 'Sign-in failed. Try again.' }, values };
    }
    throw error; // the redirect after a successful sign-in
  }
  return {};
});

/**
 * Starts a GitHub, Google or OIDC sign-in (or sign-up: the first sign-in creates the account).
 * Only an enabled provider; Auth.js answers with the redirect to the provider.
 */
export const signInWithProviderAction = definePublicAction('account.sign-in', async (formData) => {
  const provider = readFormText(formData, 'provider');
  if (!oauthButtons(getEnv()).some((button) => button.id === provider))
    return {
      code: 'INVALID',
      formMessage: { tone: 'error', text: 'That sign-in method is not available here.' },
    };
  try {
    await signIn(provider, { redirectTo: safeNext(readFormText(formData, 'next')) });
  } catch (error) {
    if (error instanceof AuthError)
      return { formMessage: { tone: 'error', text: 'Sign-in failed. Try again.' } };
    throw error; // the redirect to the provider
  }
  return {};
});

export const signOutAction = defineUserAction('account.sign-out', async () => {
  await signOut({ redirectTo: '/sign-in' });
  return {};
});
