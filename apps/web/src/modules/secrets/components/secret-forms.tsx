'use client';

import { useActionState, useEffect, useRef } from 'react';
import { Button } from '@/modules/ui/components/button';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import { createSecretAction, deleteSecretAction, rotateSecretAction } from '../actions';

export function CreateSecretForm({ slug }: { slug: string }) {
  const [state, action, pending] = useActionState(createSecretAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  useEffect(() => {
    if (state.ok) formRef.current?.reset();
  }, [state]);
  return (
    <form ref={formRef} action={action} noValidate className="space-y-4">
      <input type="hidden" name="workspace" value={slug} />
      {state.formMessage ? (
        <FormAlert tone={state.ok ? 'success' : 'error'}>{state.formMessage.text}</FormAlert>
      ) : null}
      <TextField
        label="Name"
        name="name"
        placeholder="STRIPE_API_KEY"
        defaultValue={state.values?.name}
        error={state.fieldErrors?.name}
        autoComplete="off"
      />
      <TextField
        label="Value"
        name="value"
        type="password"
        autoComplete="off"
        error={state.fieldErrors?.value}
        hint="Encrypted at rest and never shown again."
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={state.values?.description}
        error={state.fieldErrors?.description}
      />
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Saving…' : 'Add secret'}
      </Button>
    </form>
  );
}

export function RotateSecretForm({ slug, name }: { slug: string; name: string }) {
  const [state, action, pending] = useActionState(rotateSecretAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state.ok) formRef.current?.reset();
  }, [state]);
  return (
    <form ref={formRef} action={action} className="flex items-center gap-2">
      <input type="hidden" name="workspace" value={slug} />
      <input type="hidden" name="name" value={name} />
      <label className="sr-only" htmlFor={`rotate-${name}`}>
        New value for {name}
      </label>
      <input
        id={`rotate-${name}`}
        name="value"
        type="password"
        autoComplete="off"
        placeholder="New value"
        className="w-36 rounded-md border border-zinc-300 px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-950"
      />
      <button
        type="submit"
        disabled={pending}
        className="text-xs font-medium text-accent-600 hover:text-accent-500"
      >
        {pending ? 'Rotating…' : 'Rotate'}
      </button>
      {state.formMessage ? (
        <span role="status" className={`text-xs ${state.ok ? 'text-emerald-600' : 'text-red-600'}`}>
          {state.fieldErrors?.value ?? state.formMessage.text}
        </span>
      ) : null}
    </form>
  );
}

export function DeleteSecretButton({
  slug,
  name,
  inUse,
}: {
  slug: string;
  name: string;
  inUse: boolean;
}) {
  const [, action, pending] = useActionState(deleteSecretAction, {} as ActionState);
  return (
    <form
      action={action}
      onSubmit={(e) => {
        if (
          !confirm(
            inUse
              ? `${name} is still referenced. Delete it anyway? Calls using it will fail.`
              : `Delete ${name}?`,
          )
        )
          e.preventDefault();
      }}
    >
      <input type="hidden" name="workspace" value={slug} />
      <input type="hidden" name="name" value={name} />
      <button
        type="submit"
        disabled={pending}
        className="text-xs font-medium text-red-600 hover:text-red-500"
      >
        {pending ? 'Deleting…' : 'Delete'}
      </button>
    </form>
  );
}
