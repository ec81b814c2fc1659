'use client';

import { useEffect, useState } from 'react';
import { TextField } from '@/modules/ui/components/text-field';
import { type CreatedToken, createTokenAction } from '../actions';
import { useCreateTokenForm } from '../hooks/use-create-token-form';
import { TokenFormLayout } from './token-form-layout';

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
  const form = useCreateTokenForm(createTokenAction);
  const { state, formRef } = form;
  const [chosen, setChosen] = useState(false);
  // A refused create keeps the tools choice and the tools that were ticked: React resets the
  // form after every action, which puts each radio and checkbox back to its default, so the
  // defaults are what was sent (`values`), and the shown list follows them.
  const sentChosen = state.values?.allTools === 'chosen';
  const ticked = new Set(state.values?.toolNames?.split(' ') ?? []);
  useEffect(() => {
    if (state.ok && state.data) {
      formRef.current?.reset();
      setChosen(false);
      onCreated?.(state.data);
    } else if (state.values) {
      setChosen(state.values.allTools === 'chosen');
    }
  }, [state, formRef, onCreated]);
  return (
    <TokenFormLayout
      form={form}
      namePlaceholder="Claude Code on my laptop"
      submitLabel={submitLabel}
      hidden={<input type="hidden" name="workspace" value={slug} />}
    >
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Tools</legend>
        <div className="mt-1.5 flex gap-4 text-sm">
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name="allTools"
              value="all"
              defaultChecked={!sentChosen}
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
              defaultChecked={sentChosen}
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
                    defaultChecked={ticked.has(name)}
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
    </TokenFormLayout>
  );
}
