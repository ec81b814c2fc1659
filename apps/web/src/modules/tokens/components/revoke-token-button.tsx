'use client';

import { useActionState } from 'react';
import type { ActionState } from '../../server/action-state';
import { revokeTokenAction } from '../actions';

export function RevokeTokenButton({
  slug,
  tokenId,
  name,
}: {
  slug: string;
  tokenId: string;
  name: string;
}) {
  const [state, action, pending] = useActionState(revokeTokenAction, {} as ActionState);
  return (
    <form
      action={action}
      onSubmit={(e) => {
        if (!confirm(`Revoke ${name}? Clients using it are refused within a second.`))
          e.preventDefault();
      }}
      className="flex items-center justify-end gap-2"
    >
      <input type="hidden" name="workspace" value={slug} />
      <input type="hidden" name="tokenId" value={tokenId} />
      {state.formMessage && !state.ok ? (
        <span role="alert" className="text-xs text-red-600">
          {state.formMessage.text}
        </span>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="text-xs font-medium text-red-600 hover:text-red-500 disabled:opacity-60"
      >
        {pending ? 'Revoking…' : 'Revoke'}
      </button>
    </form>
  );
}
