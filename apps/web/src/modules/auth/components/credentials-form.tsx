'use client';

import { type InputHTMLAttributes, type ReactNode, useActionState, useRef } from 'react';
import { Button } from '@/modules/ui/components/button';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { SubmitButton } from '@/modules/ui/components/submit-button';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import { minPasswordLength } from '../sign-up/lib/min-password-length';

type FieldSpec = { name: string; label: string; hint?: string; echo?: boolean } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'minLength'
>;

const choose = { type: 'password', autoComplete: 'new-password', minLength: minPasswordLength };
const chooseHint = `At least ${minPasswordLength} characters.`;

/** Every credential field the account forms ask for, spelled once. */
const FIELDS = {
  name: {
    name: 'name',
    label: 'Name',
    autoComplete: 'name',
    placeholder: 'Ada Lovelace',
    echo: true,
  },
  email: {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    placeholder: 'you@company.com',
    echo: true,
  },
  /** Signing in. */
  password: {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'current-password',
  },
  /** Signing up. */
  choosePassword: { ...choose, name: 'password', label: 'Password', hint: chooseHint },
  currentPassword: {
    name: 'currentPassword',
    label: 'Current password',
    type: 'password',
    autoComplete: 'current-password',
  },
  newPassword: { ...choose, name: 'newPassword', label: 'New password', hint: chooseHint },
  confirmPassword: { ...choose, name: 'confirmPassword', label: 'Repeat the new password' },
} satisfies Record<string, FieldSpec>;

export type CredentialField = keyof typeof FIELDS;

/**
 * The one form for credentials: sign in, sign up, forgot/reset password and change password.
 * The server's messages (announced with each field) are the single source of validation, so the
 * form is `noValidate`; values other than passwords come back after an error.
 */
export function CredentialsForm({
  action,
  fields,
  labels = {},
  hidden = {},
  submitLabel,
  pendingLabel,
  afterFields,
  inline = false,
}: {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  fields: readonly CredentialField[];
  labels?: Partial<Record<CredentialField, string>>;
  hidden?: Record<string, string>;
  submitLabel: string;
  pendingLabel: string;
  /** Shown between the fields and the button (e.g. "Forgot your password?"). */
  afterFields?: ReactNode;
  /** Inside a page (account settings) rather than a sign-in card: narrow, with a plain button. */
  inline?: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  return (
    <form
      ref={formRef}
      action={formAction}
      noValidate
      className={inline ? 'max-w-sm space-y-4' : 'space-y-5'}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.formMessage ? (
        <FormAlert tone={state.formMessage.tone}>{state.formMessage.text}</FormAlert>
      ) : null}
      {fields.map((key) => {
        const { name, label, echo, ...input }: FieldSpec = FIELDS[key];
        return (
          <TextField
            key={key}
            {...input}
            name={name}
            label={labels[key] ?? label}
            required
            defaultValue={echo ? state.values?.[name] : undefined}
            error={state.fieldErrors?.[name]}
          />
        );
      })}
      {afterFields}
      {inline ? (
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      ) : (
        <div className="pt-1">
          <SubmitButton pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
