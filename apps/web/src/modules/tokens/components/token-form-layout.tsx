import type { ReactNode } from 'react';
import { Button } from '@/modules/ui/components/button';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import type { CreateTokenFormState } from '../hooks/use-create-token-form';
import { CreatedTokenNotice } from './created-token-notice';
import { TokenExpiryField } from './token-expiry-field';

/**
 * What every create-token form shows, for workspace API tokens and personal access tokens alike:
 * the new token once, the form's error, a name, how long it lasts and the submit button. Each
 * form brings its own state from useCreateTokenForm; `hidden` goes first in the form, `children`
 * (a workspace token's tools and scopes) between the name and the expiry.
 */
export function TokenFormLayout({
  form: { state, action, pending, formRef },
  namePlaceholder,
  submitLabel,
  hidden,
  children,
}: {
  form: CreateTokenFormState;
  namePlaceholder: string;
  submitLabel: string;
  hidden?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      {state.ok && state.data ? <CreatedTokenNotice token={state.data} /> : null}
      <form ref={formRef} action={action} noValidate className="space-y-4">
        {hidden}
        {state.formMessage && !state.ok ? (
          <FormAlert tone="error">{state.formMessage.text}</FormAlert>
        ) : null}
        <TextField
          label="Name"
          name="name"
          placeholder={namePlaceholder}
          defaultValue={state.values?.name}
          error={state.fieldErrors?.name}
          autoComplete="off"
        />
        {children}
        <TokenExpiryField
          defaultValue={state.values?.expiresInDays}
          error={state.fieldErrors?.expiresInDays}
        />
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Creating…' : submitLabel}
        </Button>
      </form>
    </div>
  );
}
