'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import { Button } from '@/modules/ui/components/button';
import { CopyButton } from '@/modules/ui/components/copy-button';
import { SelectField } from '@/modules/ui/components/fields';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import { type CreatedToken, createTokenAction } from '../actions';

/** The token once, with a copy button; gone on reload — it is never stored in plaintext. */
export function CreatedTokenNotice({ token }: { token: CreatedToken }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3.5 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <p className="text-sm font-medium text-emerald-900 dark:text-emerald-100">
        {token.name} is ready. Copy it now — it will not be shown again.
      </p>
      <div className="flex items-center gap-2">
        <code
          data-testid="created-token"
          className="min-w-0 flex-1 truncate rounded-md bg-white px-2.5 py-1.5 font-mono text-xs text-zinc-900 ring-1 ring-emerald-200 dark:bg-zinc-950 dark:text-zinc-100 dark:ring-emerald-900"
        >
          {token.plaintext}
        </code>
        <CopyButton value={token.plaintext} label="Copy token" />
      </div>
    </div>
  );
}

export function CreateTokenForm({
  slug,
  toolNames,
  onCreated,
  submitLabel = 'Create token',
}: {
  slug: string;
  toolNames: string[];
  onCreated?: (token: CreatedToken) => void;
  submitLabel?: string;
}) {
  const [state, action, pending] = useActionState(
    createTokenAction,
    {} as ActionState<CreatedToken>,
  );
  const [chosen, setChosen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  useEffect(() => {
    if (state.ok && state.data) {
      formRef.current?.reset();
      setChosen(false);
      onCreated?.(state.data);
    }
  }, [state, onCreated]);
  return (
    <div className="space-y-4">
      {state.ok && state.data ? <CreatedTokenNotice token={state.data} /> : null}
      <form ref={formRef} action={action} noValidate className="space-y-4">
        <input type="hidden" name="workspace" value={slug} />
        {state.formMessage && !state.ok ? (
          <FormAlert tone="error">{state.formMessage.text}</FormAlert>
        ) : null}
        <TextField
          label="Name"
          name="name"
          placeholder="Claude Code on my laptop"
          defaultValue={state.values?.name}
          error={state.fieldErrors?.name}
          autoComplete="off"
        />
        <fieldset>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Tools</legend>
          <div className="mt-1.5 flex gap-4 text-sm">
            <label className="flex items-center gap-1.5">
              <input
                type="radio"
                name="allTools"
                value="all"
                checked={!chosen}
                onChange={() => setChosen(false)}
                className="accent-accent-600"
              />
              All tools
            </label>
            <label className="flex items-center gap-1.5">
              <input
                type="radio"
                name="allTools"
                value="chosen"
                checked={chosen}
                onChange={() => setChosen(true)}
                className="accent-accent-600"
              />
              Only these
            </label>
          </div>
          {chosen ? (
            <div className="mt-2 max-h-40 space-y-1 overflow-y-auto rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
              {toolNames.length === 0 ? (
                <p className="text-xs text-zinc-500">No tools yet.</p>
              ) : (
                toolNames.map((name) => (
                  <label key={name} className="flex items-center gap-2 font-mono text-xs">
                    <input
                      type="checkbox"
                      name="toolNames"
                      value={name}
                      className="accent-accent-600"
                    />
                    {name}
                  </label>
                ))
              )}
            </div>
          ) : null}
          {state.fieldErrors?.toolNames ? (
            <p className="mt-1.5 text-xs font-medium text-red-600">{state.fieldErrors.toolNames}</p>
          ) : null}
        </fieldset>
        <TextField
          label="Scopes"
          name="scopes"
          placeholder="orders:read reports"
          defaultValue={state.values?.scopes}
          error={state.fieldErrors?.scopes}
          hint="Optional, separated by spaces. Checked by token_scopes policies."
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
          {pending ? 'Creating…' : submitLabel}
        </Button>
      </form>
    </div>
  );
}
