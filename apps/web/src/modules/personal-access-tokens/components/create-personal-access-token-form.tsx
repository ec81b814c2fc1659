'use client';

import { useActionState, useEffect, useRef } from 'react';
import { CreatedTokenNotice } from '@/modules/tokens/components/create-token-form';
import { Button } from '@/modules/ui/components/button';
import { SelectField } from '@/modules/ui/components/fields';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import type { CreatedToken } from '../../tokens/actions';
import { createPersonalAccessTokenAction } from '../actions';

export function CreatePersonalAccessTokenForm() {
  const [state, action, pending] = useActionState(
    createPersonalAccessTokenAction,
    {} as ActionState<CreatedToken>,
  );
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  useEffect(() => {
    if (state.ok) formRef.current?.reset();
  }, [state]);
  return (
    <div className="space-y-4">
      {state.ok && state.data ? <CreatedTokenNotice token={state.data} /> : null}
      <form ref={formRef} action={action} noValidate className="space-y-4">
        {state.formMessage && !state.ok ? (
          <FormAlert tone="error">{state.formMessage.text}</FormAlert>
        ) : null}
        <TextField
          label="Name"
          name="name"
          placeholder="CI on main"
          defaultValue={state.values?.name}
          error={state.fieldErrors?.name}
          autoComplete="off"
        />
        <SelectField
          label="Expires"
          name="expiresInDays"
          defaultValue={state.values?.expiresInDays ?? '90'}
          error={state.fieldErrors?.expiresInDays}
        >
          <option value="7">In 7 days</option>
          <option value="30">In 30 days</option>
          <option value="90">In 90 days</option>
          <option value="365">In a year</option>
          <option value="never">Never</option>
        </SelectField>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Creating…' : 'Create token'}
        </Button>
      </form>
    </div>
  );
}
