'use client';

import { useActionState, useRef } from 'react';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { SubmitButton } from '@/modules/ui/components/submit-button';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../../server/action-state';
import { signUpAction } from '../actions';
import { minPasswordLength } from '../lib/min-password-length';

const initialState: ActionState = {};

export function SignUpForm() {
  const [state, formAction, pending] = useActionState(signUpAction, initialState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  return (
    // noValidate: the server's messages (announced with each field) are the single source.
    <form ref={formRef} action={formAction} noValidate className="space-y-5">
      {state.formMessage ? (
        <FormAlert tone={state.formMessage.tone}>{state.formMessage.text}</FormAlert>
      ) : null}
      <TextField
        label="Name"
        name="name"
        type="text"
        autoComplete="name"
        required
        placeholder="Ada Lovelace"
        defaultValue={state.values?.name}
        error={state.fieldErrors?.name}
      />
      <TextField
        label="Work email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        placeholder="you@company.com"
        defaultValue={state.values?.email}
        error={state.fieldErrors?.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={minPasswordLength}
        hint={`At least ${minPasswordLength} characters.`}
        error={state.fieldErrors?.password}
      />
      <div className="pt-1">
        <SubmitButton pending={pending} pendingLabel="Creating account…">
          Create account
        </SubmitButton>
      </div>
    </form>
  );
}
