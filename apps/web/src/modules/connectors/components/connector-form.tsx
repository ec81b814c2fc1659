'use client';

import { startTransition, useActionState, useRef } from 'react';
import { Button } from '@/modules/ui/components/button';
import { SelectField } from '@/modules/ui/components/fields';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import { createConnectorAction, testConnectorAction, updateConnectorAction } from '../actions';

export interface ConnectorFormValues {
  id: string;
  name: string;
  type: string;
  description: string;
  version: number;
  /** What is stored: a secret reference, a literal, or nothing. Never the URL itself. */
  stored: string | null;
}

export function ConnectorForm({
  slug,
  connector,
}: {
  slug: string;
  connector?: ConnectorFormValues;
}) {
  const [state, save, saving] = useActionState(
    connector ? updateConnectorAction : createConnectorAction,
    {} as ActionState,
  );
  const [test, runTest, testing] = useActionState(testConnectorAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  const values = state.values ?? connector ?? { name: '', type: 'postgres', description: '' };
  return (
    <form ref={formRef} action={save} noValidate className="space-y-5">
      <input type="hidden" name="workspace" value={slug} />
      {connector ? (
        <>
          <input type="hidden" name="connectorId" value={connector.id} />
          <input type="hidden" name="expectedVersion" value={connector.version} />
        </>
      ) : null}
      {state.formMessage && state.code !== 'INVALID' ? (
        <FormAlert tone="error">{state.formMessage.text}</FormAlert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          required
          placeholder="main_db"
          defaultValue={values.name}
          error={state.fieldErrors?.name}
          hint="Tools refer to the connector by this name."
        />
        <SelectField
          label="Type"
          name="type"
          defaultValue={values.type}
          error={state.fieldErrors?.type}
        >
          <option value="postgres">PostgreSQL</option>
          <option value="mysql">MySQL / MariaDB</option>
          <option value="redis">Redis</option>
        </SelectField>
      </div>
      <TextField
        label="Connection URL"
        name="connection"
        type="password"
        autoComplete="off"
        placeholder={
          connector?.stored
            ? 'Leave empty to keep the stored connection'
            : 'postgres://user:password@host:5432/db  or  {{ env.DATABASE_URL }}'
        }
        error={state.fieldErrors?.connection}
        hint={
          connector?.stored
            ? `Stored: ${connector.stored}. Write-only — it is never shown again.`
            : 'Write-only: stored encrypted and never shown again. Or reference a secret with {{ env.NAME }}.'
        }
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={values.description}
        error={state.fieldErrors?.description}
      />
      {test.formMessage ? (
        <FormAlert tone={test.ok ? 'success' : 'error'}>{test.formMessage.text}</FormAlert>
      ) : null}
      <div className="flex items-center gap-2">
        <Button type="submit" variant="primary" disabled={saving}>
          {saving ? 'Saving…' : connector ? 'Save changes' : 'Create connector'}
        </Button>
        {/* Not a form submission: React resets a form after its action runs, which would wipe
            what the user typed before they save. */}
        <Button
          onClick={() => {
            if (!formRef.current) return;
            const data = new FormData(formRef.current);
            startTransition(() => runTest(data));
          }}
          disabled={testing}
        >
          {testing ? 'Testing…' : 'Test connection'}
        </Button>
      </div>
    </form>
  );
}
