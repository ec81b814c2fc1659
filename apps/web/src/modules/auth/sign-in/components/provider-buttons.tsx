'use client';

import { useActionState } from 'react';
import { FormAlert } from '@/modules/ui/components/form-alert';
import type { ActionState } from '../../../server/action-state';
import type { OAuthButton } from '../../lib/oauth-providers';
import { signInWithProviderAction } from '../actions';

const initialState: ActionState = {};

/**
 * "Continue with …" for every provider the server has configured (none: nothing renders), then
 * a divider before the email form.
 */
export function ProviderButtons({
  providers,
  next = '/',
}: {
  providers: OAuthButton[];
  next?: string;
}) {
  const [state, formAction, pending] = useActionState(signInWithProviderAction, initialState);
  if (providers.length === 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {state.formMessage ? (
        <FormAlert tone={state.formMessage.tone}>{state.formMessage.text}</FormAlert>
      ) : null}
      {providers.map((provider) => (
        <form key={provider.id} action={formAction}>
          <input type="hidden" name="provider" value={provider.id} />
          <input type="hidden" name="next" value={next} />
          <button
            type="submit"
            disabled={pending}
            className="inline-flex w-full items-center justify-center rounded-lg border border-zinc-300 bg-white px-4 py-2.5 text-sm font-semibold text-zinc-900 shadow-xs transition-colors hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-wait disabled:opacity-75 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            Continue with {provider.label}
          </button>
        </form>
      ))}
      <div className="flex items-center gap-3 pt-2 text-xs text-zinc-500" aria-hidden="true">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        or
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  );
}
