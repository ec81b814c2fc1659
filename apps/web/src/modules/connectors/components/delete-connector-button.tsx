'use client';

import { useActionState } from 'react';
import type { ActionState } from '../../server/action-state';
import { deleteConnectorAction } from '../actions';

export function DeleteConnectorButton({
  slug,
  id,
  name,
}: {
  slug: string;
  id: string;
  name: string;
}) {
  const [state, action, pending] = useActionState(deleteConnectorAction, {} as ActionState);
  return (
    <form
      action={action}
      onSubmit={(e) => {
        if (!confirm(`Delete connector ${name}? Tools using it must be moved first.`))
          e.preventDefault();
      }}
      className="inline"
    >
      <input type="hidden" name="workspace" value={slug} />
      <input type="hidden" name="connectorId" value={id} />
      <button
        type="submit"
        disabled={pending}
        className="text-sm font-medium text-red-600 hover:text-red-500"
      >
        {pending ? 'Deleting…' : 'Delete'}
      </button>
      {state.ok === false ? (
        <span role="alert" className="ml-2 text-xs text-red-600">
          {state.formMessage?.text}
        </span>
      ) : null}
    </form>
  );
}
