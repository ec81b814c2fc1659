'use client';

import { useActionState, useRef } from 'react';
import { Button } from '@/modules/ui/components/button';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import { minPasswordLength } from '../../auth/sign-up/lib/min-password-length';
import type { ActionState } from '../../server/action-state';
import { changePasswordAction } from '../actions';

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  return (
    <form ref={formRef} action={action} noValidate className="max-w-sm space-y-4">
      {state.formMessage && !state.ok ? (
        <FormAlert tone="error">{state.formMessage.text}</FormAlert>
      ) : null}
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={state.fieldErrors?.currentPassword}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        error={state.fieldErrors?.newPassword}
        hint={`At least ${minPasswordLength} characters.`}
      />
      <TextField
        label="Repeat the new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={state.fieldErrors?.confirmPassword}
      />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
