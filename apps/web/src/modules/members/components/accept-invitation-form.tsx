'use client';

import { useActionState } from 'react';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { SubmitButton } from '@/modules/ui/components/submit-button';
import type { ActionState } from '../../server/action-state';
import { acceptInvitationAction } from '../actions';

export function AcceptInvitationForm({
  token,
  workspaceName,
}: {
  token: string;
  workspaceName: string;
}) {
  const [state, action, pending] = useActionState(acceptInvitationAction, {} as ActionState);
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      {state.formMessage ? <FormAlert tone="error">{state.formMessage.text}</FormAlert> : null}
      <SubmitButton pending={pending} pendingLabel="Joining…">
        Join {workspaceName}
      </SubmitButton>
    </form>
  );
}
