'use client';

import type { ReactNode } from 'react';
import { useActionState, useRef } from 'react';
import { Button } from '@/modules/ui/components/button';
import { CheckboxField, SelectField, TextAreaField } from '@/modules/ui/components/fields';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import { deleteWorkspaceAction, updateSettingsAction } from '../actions';

export type SettingsValues = {
  name: string;
  slug: string;
  version: number;
  defaultCacheTtlSeconds: number;
  errorStyle: 'jsonrpc' | 'result';
  rateLimitPerMinute: number;
  tokenRateLimitPerMinute: number;
  scriptMemoryMb: number;
  scriptCpuMs: number;
  scriptWallMs: number;
  statementTimeoutMs: number;
  defaultRowCap: number;
  maxResultBytes: number;
  maxRequestBytes: number;
  egressAllowList: string[];
  invocationRetentionDays: number;
  recordPayloads: boolean;
};

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-6 border-b border-zinc-200 py-6 first:pt-0 last:border-0 md:grid-cols-[16rem_1fr] dark:border-zinc-800">
      <div>
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{description}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export function SettingsForm({ initial, canEdit }: { initial: SettingsValues; canEdit: boolean }) {
  const [state, action, pending] = useActionState(updateSettingsAction, {} as ActionState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, state.fieldErrors);
  const v = (key: keyof SettingsValues) =>
    state.values?.[key] ?? String(initial[key] as string | number);
  const err = (key: string) => state.fieldErrors?.[key];
  const number = (key: keyof SettingsValues, label: string, hint?: string) => (
    <TextField
      label={label}
      name={key}
      type="number"
      inputMode="numeric"
      defaultValue={v(key)}
      error={err(key)}
      disabled={!canEdit}
      {...(hint ? { hint } : {})}
    />
  );
  return (
    <form ref={formRef} action={action} noValidate className="space-y-2">
      <input type="hidden" name="workspace" value={initial.slug} />
      <input type="hidden" name="expectedVersion" value={initial.version} />
      <input type="hidden" name="recordPayloadsField" value="1" />
      {state.formMessage ? (
        <FormAlert tone={state.ok ? 'success' : 'error'}>{state.formMessage.text}</FormAlert>
      ) : null}
      <Section title="General" description="The workspace's name and the slug in its URLs.">
        <TextField
          label="Name"
          name="name"
          defaultValue={v('name')}
          error={err('name')}
          disabled={!canEdit}
        />
        <TextField
          label="Slug"
          name="slug"
          defaultValue={v('slug')}
          error={err('slug')}
          disabled={!canEdit}
          hint="Changing it moves the MCP URL: every client must be reconfigured."
        />
      </Section>
      <Section title="Calls" description="Defaults for every tool, unless a tool sets its own.">
        {number('defaultCacheTtlSeconds', 'Default cache TTL (seconds)')}
        <SelectField
          label="Error style"
          name="errorStyle"
          defaultValue={v('errorStyle')}
          error={err('errorStyle')}
          disabled={!canEdit}
          hint="How stage failures reach agents."
        >
          <option value="jsonrpc">JSON-RPC error (spec default)</option>
          <option value="result">Tool result with isError (MCP recommendation)</option>
        </SelectField>
        {number('statementTimeoutMs', 'Statement timeout (ms)')}
        {number('defaultRowCap', 'Row cap')}
        {number('maxResultBytes', 'Max result size (bytes)')}
        {number('maxRequestBytes', 'Max request size (bytes)')}
      </Section>
      <Section
        title="Rate limits"
        description="Requests per minute; excess calls get a clear error."
      >
        {number('rateLimitPerMinute', 'Per workspace')}
        {number('tokenRateLimitPerMinute', 'Per token')}
      </Section>
      <Section
        title="Scripts"
        description="Limits for handlers, mappers and script policies, and where their fetch may go."
      >
        {number('scriptMemoryMb', 'Memory (MB)')}
        {number('scriptCpuMs', 'CPU time per call (ms)')}
        {number('scriptWallMs', 'Wall time per call (ms)')}
        <div className="sm:col-span-2">
          <TextAreaField
            label="Egress allow-list"
            name="egressAllowList"
            rows={3}
            defaultValue={state.values?.egressAllowList ?? initial.egressAllowList.join('\n')}
            error={err('egressAllowList') ?? err('egressAllowList.0')}
            disabled={!canEdit}
            hint="One host per line: api.example.com, *.example.com or host:port. Private and metadata addresses are refused regardless."
          />
        </div>
      </Section>
      <Section title="Activity" description="What the invocation log keeps, and for how long.">
        {number('invocationRetentionDays', 'Retention (days)')}
        <div className="self-end pb-2">
          <CheckboxField
            label="Record inputs and result previews"
            name="recordPayloads"
            defaultChecked={initial.recordPayloads}
            hint="Redacted; visible to editors and above."
          />
        </div>
      </Section>
      {canEdit ? (
        <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

export function DeleteWorkspaceForm({ slug }: { slug: string }) {
  const [state, action, pending] = useActionState(deleteWorkspaceAction, {} as ActionState);
  return (
    <form action={action} noValidate className="space-y-3">
      <input type="hidden" name="workspace" value={slug} />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Deletes every tool, connector, secret, token and log of this workspace. Its MCP URL stops
        answering at once. This cannot be undone.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-64">
          <TextField
            label={`Type ${slug} to confirm`}
            name="confirmSlug"
            autoComplete="off"
            defaultValue={state.values?.confirmSlug}
            error={state.fieldErrors?.confirmSlug}
          />
        </div>
        <Button type="submit" variant="danger" disabled={pending} className="mb-px">
          {pending ? 'Deleting…' : 'Delete workspace'}
        </Button>
      </div>
    </form>
  );
}
