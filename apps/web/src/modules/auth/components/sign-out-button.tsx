'use client';

import { useActionState } from 'react';
import type { ActionState } from '../../server/action-state';
import { signOutAction } from '../sign-in/actions';

export function SignOutButton() {
  const [, action, pending] = useActionState(signOutAction, {} as ActionState);
  return (
    <form action={action}>
      <button
        type="submit"
        disabled={pending}
        className="text-xs font-medium text-zinc-500 hover:text-zinc-900 dark:hover:text-white"
      >
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
    </form>
  );
}
