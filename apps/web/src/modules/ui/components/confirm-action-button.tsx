'use client';

import { useActionState } from 'react';
import type { ActionState } from '../../server/action-state';

/**
 * A one-button form for a destructive server action (revoke, remove, delete, leave): asks the
 * browser to confirm first (when `confirmText` is given), posts `fields` as hidden inputs, shows
 * the pending label while the action runs and the action's refusal beside the button.
 */
export function ConfirmActionButton({
  action,
  fields,
  label,
  pendingLabel,
  confirmText,
  size = 'xs',
}: {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  fields: Record<string, string>;
  label: string;
  pendingLabel: string;
  confirmText?: string;
  size?: 'xs' | 'sm';
}) {
  const [state, formAction, pending] = useActionState(action, {} as ActionState);
  return (
    <form
      action={formAction}
      onSubmit={(e) => {
        if (confirmText && !confirm(confirmText)) e.preventDefault();
      }}
      className="flex items-center justify-end gap-2"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.ok === false && state.formMessage ? (
        <span role="alert" className="text-xs text-red-600">
          {state.formMessage.text}
        </span>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className={`${size === 'sm' ? 'text-sm' : 'text-xs'} font-medium text-red-600 hover:text-red-500 disabled:opacity-60`}
      >
        {pending ? pendingLabel : label}
      </button>
    </form>
  );
}
