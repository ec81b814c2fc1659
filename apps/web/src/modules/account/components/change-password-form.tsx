'use client';

import { CredentialsForm } from '../../auth/components/credentials-form';
import { changePasswordAction } from '../actions';

export function ChangePasswordForm() {
  return (
    <CredentialsForm
      action={changePasswordAction}
      fields={['currentPassword', 'newPassword', 'confirmPassword']}
      submitLabel="Change password"
      pendingLabel="Changing…"
      inline
    />
  );
}
