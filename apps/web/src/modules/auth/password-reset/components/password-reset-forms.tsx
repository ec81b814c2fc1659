'use client';

import { useActionState, useRef } from 'react';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { SubmitButton } from '@/modules/ui/components/submit-button';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../../server/action-state';
import { minPasswordLength } from '../../sign-up/lib/min-password-length';
import { requestPasswordResetAction, resetPasswordAction } from '../actions';

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(requestPasswordResetAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  return (
    <form ref={formRef} action={action} noValidate className="space-y-5">
      {state.formMessage ? (
        <FormAlert tone={state.formMessage.tone}>{state.formMessage.text}</FormAlert>
      ) : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={state.values?.email}
        error={state.fieldErrors?.email}
      />
      <SubmitButton pending={pending} pendingLabel="Sending…">
        Send reset link
      </SubmitButton>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  return (
    <form ref={formRef} action={action} noValidate className="space-y-5">
      <input type="hidden" name="token" value={token} />
      {state.formMessage ? <FormAlert tone="error">{state.formMessage.text}</FormAlert> : null}
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
      <SubmitButton pending={pending} pendingLabel="Saving…">
        Set new password
      </SubmitButton>
    </form>
  );
}
