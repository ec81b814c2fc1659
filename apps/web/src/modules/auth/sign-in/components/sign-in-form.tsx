'use client';

import { useActionState, useRef } from 'react';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { SubmitButton } from '@/modules/ui/components/submit-button';
import { TextField } from '@/modules/ui/components/text-field';
import { TextLink } from '@/modules/ui/components/text-link';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../../server/action-state';
import { signInAction } from '../actions';

const initialState: ActionState = {};

export function SignInForm({ next = '/' }: { next?: string }) {
  const [state, formAction, pending] = useActionState(signInAction, initialState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  return (
    // noValidate: the server's messages (announced with each field) are the single source.
    <form ref={formRef} action={formAction} noValidate className="space-y-5">
      {state.formMessage ? (
        <FormAlert tone={state.formMessage.tone}>{state.formMessage.text}</FormAlert>
      ) : null}
      <input type="hidden" name="next" value={next} />
      <TextField
        label="Email"
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
        autoComplete="current-password"
        required
        error={state.fieldErrors?.password}
      />
      <p className="-mt-2 text-right text-sm">
        <TextLink href="/forgot-password">Forgot your password?</TextLink>
      </p>
      <div className="pt-1">
        <SubmitButton pending={pending} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </div>
    </form>
  );
}
