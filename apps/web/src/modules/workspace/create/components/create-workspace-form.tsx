'use client';

import { useActionState, useRef, useState } from 'react';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { SubmitButton } from '@/modules/ui/components/submit-button';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../../server/action-state';
import { createWorkspaceAction } from '../actions';

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

export function CreateWorkspaceForm() {
  const [state, action, pending] = useActionState(createWorkspaceAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  const [name, setName] = useState(state.values?.name ?? '');
  const [slug, setSlug] = useState(state.values?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(false);
  return (
    <form ref={formRef} action={action} noValidate className="space-y-5">
      {state.formMessage && !state.fieldErrors ? (
        <FormAlert tone="error">{state.formMessage.text}</FormAlert>
      ) : null}
      <TextField
        label="Workspace name"
        name="name"
        required
        placeholder="Acme"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (!slugEdited) setSlug(slugify(e.target.value));
        }}
        error={state.fieldErrors?.name}
      />
      <TextField
        label="URL"
        name="slug"
        required
        value={slug}
        onChange={(e) => {
          setSlugEdited(true);
          setSlug(e.target.value);
        }}
        hint={`Your MCP URL will end in /t/${slug || 'your-slug'}/mcp`}
        error={state.fieldErrors?.slug}
      />
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create workspace
      </SubmitButton>
    </form>
  );
}
