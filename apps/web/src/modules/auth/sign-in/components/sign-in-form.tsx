'use client';

import { TextLink } from '@/modules/ui/components/text-link';
import { CredentialsForm } from '../../components/credentials-form';
import { signInAction } from '../actions';

export function SignInForm({ next = '/' }: { next?: string }) {
  return (
    <CredentialsForm
      action={signInAction}
      fields={['email', 'password']}
      hidden={{ next }}
      submitLabel="Sign in"
      pendingLabel="Signing in…"
      afterFields={
        <p className="-mt-2 text-right text-sm">
          <TextLink href="/forgot-password">Forgot your password?</TextLink>
        </p>
      }
    />
  );
}
