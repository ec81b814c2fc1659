'use client';

import { CredentialsForm } from '../../components/credentials-form';
import { requestPasswordResetAction, resetPasswordAction } from '../actions';

export function ForgotPasswordForm() {
  return (
    <CredentialsForm
      action={requestPasswordResetAction}
      fields={['email']}
      submitLabel="Send reset link"
      pendingLabel="Sending…"
    />
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  return (
    <CredentialsForm
      action={resetPasswordAction}
      fields={['newPassword', 'confirmPassword']}
      hidden={{ token }}
      submitLabel="Set new password"
      pendingLabel="Saving…"
    />
  );
}
