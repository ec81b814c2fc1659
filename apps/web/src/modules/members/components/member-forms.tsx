'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import { Button } from '@/modules/ui/components/button';
import { ConfirmActionButton } from '@/modules/ui/components/confirm-action-button';
import { CopyButton } from '@/modules/ui/components/copy-button';
import { SelectField } from '@/modules/ui/components/fields';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import {
  type CreatedInvitation,
  inviteMemberAction,
  leaveWorkspaceAction,
  removeMemberAction,
  revokeInvitationAction,
  setMemberRoleAction,
} from '../actions';

const ROLE_HINTS = {
  viewer: 'Viewer',
  editor: 'Editor',
  admin: 'Admin',
  owner: 'Owner',
} as const;

export function InviteMemberForm({
  slug,
  canInviteOwner,
}: {
  slug: string;
  canInviteOwner: boolean;
}) {
  const [state, action, pending] = useActionState(
    inviteMemberAction,
    {} as ActionState<CreatedInvitation>,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  useEffect(() => {
    if (state.ok) formRef.current?.reset();
  }, [state]);
  const link = state.ok && state.data ? `${origin}/invite/${state.data.token}` : null;
  return (
    <div className="space-y-4">
      {link ? (
        <div
          role="status"
          className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3.5 dark:border-emerald-900 dark:bg-emerald-950/40"
        >
          <p className="text-sm text-emerald-900 dark:text-emerald-100">
            {state.formMessage?.text}
          </p>
          <div className="flex items-center gap-2">
            <code
              data-testid="invitation-link"
              className="min-w-0 flex-1 truncate rounded-md bg-white px-2.5 py-1.5 font-mono text-xs ring-1 ring-emerald-200 dark:bg-zinc-950 dark:ring-emerald-900"
            >
              {link}
            </code>
            <CopyButton value={link} label="Copy link" />
          </div>
        </div>
      ) : null}
      <form ref={formRef} action={action} noValidate className="space-y-4">
        <input type="hidden" name="workspace" value={slug} />
        {state.formMessage && !state.ok ? (
          <FormAlert tone="error">{state.formMessage.text}</FormAlert>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          placeholder="teammate@example.com"
          defaultValue={state.values?.email}
          error={state.fieldErrors?.email}
        />
        <SelectField
          label="Role"
          name="role"
          defaultValue={state.values?.role ?? 'editor'}
          error={state.fieldErrors?.role}
          hint="Viewers read definitions and activity; editors also change tools, connectors and secrets and use the playground; admins also manage tokens, members and settings; owners can delete the workspace."
        >
          {(Object.keys(ROLE_HINTS) as (keyof typeof ROLE_HINTS)[])
            .filter((r) => r !== 'owner' || canInviteOwner)
            .map((r) => (
              <option key={r} value={r}>
                {ROLE_HINTS[r]}
              </option>
            ))}
        </SelectField>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Creating link…' : 'Create invitation link'}
        </Button>
      </form>
    </div>
  );
}

export function MemberRoleSelect({
  slug,
  userId,
  email,
  role,
  version,
  canGrantOwner,
}: {
  slug: string;
  userId: string;
  email: string;
  role: string;
  version: number;
  canGrantOwner: boolean;
}) {
  const [state, action, pending] = useActionState(setMemberRoleAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  const locked = role === 'owner' && !canGrantOwner;
  return (
    <form ref={formRef} action={action} className="flex items-center gap-2">
      <input type="hidden" name="workspace" value={slug} />
      <input type="hidden" name="userId" value={userId} />
      <input type="hidden" name="expectedVersion" value={version} />
      <label htmlFor={`role-${userId}`} className="sr-only">
        Role of {email}
      </label>
      <select
        id={`role-${userId}`}
        name="role"
        defaultValue={role}
        disabled={pending || locked}
        onChange={() => formRef.current?.requestSubmit()}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-950"
      >
        {(['owner', 'admin', 'editor', 'viewer'] as const)
          .filter((r) => r !== 'owner' || canGrantOwner || role === 'owner')
          .map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
      </select>
      {state.formMessage && !state.ok ? (
        <span role="alert" className="text-xs text-red-600">
          {state.formMessage.text}
        </span>
      ) : null}
    </form>
  );
}

export function RemoveMemberButton({
  slug,
  userId,
  email,
}: {
  slug: string;
  userId: string;
  email: string;
}) {
  return (
    <ConfirmActionButton
      action={removeMemberAction}
      fields={{ workspace: slug, userId }}
      label="Remove"
      pendingLabel="Removing…"
      confirmText={`Remove ${email}? Their sessions end at once.`}
    />
  );
}

export function LeaveWorkspaceButton({ slug }: { slug: string }) {
  return (
    <ConfirmActionButton
      action={leaveWorkspaceAction}
      fields={{ workspace: slug, confirm: 'leave' }}
      label="Leave"
      pendingLabel="Leaving…"
      confirmText="Leave this workspace? You need a new invitation to come back."
    />
  );
}

export function RevokeInvitationButton({
  slug,
  invitationId,
}: {
  slug: string;
  invitationId: string;
}) {
  return (
    <ConfirmActionButton
      action={revokeInvitationAction}
      fields={{ workspace: slug, invitationId }}
      label="Revoke"
      pendingLabel="Revoking…"
    />
  );
}
