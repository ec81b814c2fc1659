'use client';

import { CredentialsForm } from '../../components/credentials-form';
import { signUpAction } from '../actions';

export function SignUpForm() {
  return (
    <CredentialsForm
      action={signUpAction}
      fields={['name', 'email', 'choosePassword']}
      labels={{ email: 'Work email' }}
      submitLabel="Create account"
      pendingLabel="Creating account…"
    />
  );
}
