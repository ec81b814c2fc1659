'use client';

import {
  AUTH_PLUGIN_NAMES,
  type AuthPluginName,
  DEFAULT_AUTH_HEADERS,
} from '@toolplane/pipeline/compile';
import { checkPolicyParams, SECRET_PARAMS } from '@toolplane/services/policy-params';
import { type FormEvent, useActionState, useRef, useState } from 'react';
import { Button } from '@/modules/ui/components/button';
import { CodeEditor } from '@/modules/ui/components/code-editor';
import { SelectField } from '@/modules/ui/components/fields';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextField } from '@/modules/ui/components/text-field';
import { useFocusFirstInvalidField } from '@/modules/ui/hooks/use-focus-first-invalid-field';
import type { ActionState } from '../../server/action-state';
import { createPolicyAction, deletePolicyAction, updatePolicyAction } from '../actions';
import { readPolicyParams } from '../lib/read-policy-params';

export type PolicyFormValues = {
  id: string;
  version: number;
  name: string;
  description: string;
  plugin: string;
  /** Credentials arrive as `true` (set), never their value. */
  params: Record<string, unknown>;
  scriptSource: string | null;
};

const PLUGINS = {
  allow_all: 'Allow all — every caller with a valid token passes',
  api_key: 'API key — a header must carry a shared key',
  jwt: 'JWT — a bearer JWT signed with a secret or a JWKS',
  token_scopes: 'Token scopes — the calling token must carry scopes',
  script: 'Script — your own check in TypeScript',
} as const;

const SCRIPT_TEMPLATE = `// Return nothing to allow the call; throw to refuse it.
export default function authorize({ context, tool }) {
  if (!context.token.scopes.includes('admin')) throw new Error('admin scope required for ' + tool);
}
`;

const asText = (value: unknown) =>
  Array.isArray(value)
    ? value.join(' ')
    : value === undefined || value === true
      ? ''
      : String(value);

export function PolicyForm({ slug, policy }: { slug: string; policy?: PolicyFormValues }) {
  const [state, action, pending] = useActionState(
    policy ? updatePolicyAction : createPolicyAction,
    {} as ActionState,
  );
  const [plugin, setPlugin] = useState(state.values?.plugin ?? policy?.plugin ?? 'api_key');
  const [script, setScript] = useState(policy?.scriptSource ?? SCRIPT_TEMPLATE);
  // Errors found by the same check the service runs, before a round trip; cleared by the server's.
  const [checked, setChecked] = useState<{ state: ActionState; errors: Record<string, string> }>();
  const fieldErrors = checked?.state === state ? checked.errors : state.fieldErrors;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalidField(formRef, fieldErrors);
  const err = (name: string) => fieldErrors?.[`params.${name}`];
  const param = (name: string) =>
    state.values?.[`param.${name}`] ??
    (policy?.plugin === plugin ? asText(policy.params[name]) : '');
  const isSet = (name: string) => policy?.plugin === plugin && policy.params[name] === true;
  const checkBeforeSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!(AUTH_PLUGIN_NAMES as readonly string[]).includes(plugin)) return;
    const { params } = readPolicyParams(new FormData(event.currentTarget));
    // A stored credential left empty is kept by the service: stand in for it here.
    for (const name of SECRET_PARAMS)
      if (params[name] === undefined && isSet(name)) params[name] = '*';
    const result = checkPolicyParams(plugin as AuthPluginName, params);
    if (result.ok) return setChecked(undefined);
    event.preventDefault();
    setChecked({ state, errors: result.fieldErrors });
  };
  const field = (name: string, label: string, hint?: string, placeholder?: string) => (
    <TextField
      key={`${plugin}-${name}`}
      label={label}
      name={`param.${name}`}
      defaultValue={param(name)}
      error={err(name)}
      autoComplete="off"
      {...(hint ? { hint } : {})}
      {...(placeholder ? { placeholder } : {})}
    />
  );
  const secret = (name: string, label: string) => (
    <TextField
      key={`${plugin}-${name}`}
      label={label}
      name={`param.${name}`}
      type="password"
      autoComplete="off"
      error={err(name)}
      hint={
        isSet(name)
          ? 'Set. Leave empty to keep it; it is never shown again.'
          : 'Write-only. A literal, or {{ env.NAME }} to read it from a secret.'
      }
    />
  );
  return (
    <form
      ref={formRef}
      action={action}
      onSubmit={checkBeforeSubmit}
      noValidate
      className="space-y-4"
    >
      <input type="hidden" name="workspace" value={slug} />
      {policy ? (
        <>
          <input type="hidden" name="policyId" value={policy.id} />
          <input type="hidden" name="expectedVersion" value={policy.version} />
        </>
      ) : null}
      {state.formMessage ? (
        <FormAlert tone={state.ok ? 'success' : 'error'}>{state.formMessage.text}</FormAlert>
      ) : null}
      <TextField
        label="Name"
        name="name"
        placeholder="partner-api-key"
        defaultValue={state.values?.name ?? policy?.name}
        error={state.fieldErrors?.name}
        autoComplete="off"
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={state.values?.description ?? policy?.description}
        error={state.fieldErrors?.description}
      />
      <SelectField
        label="Plugin"
        name="plugin"
        value={plugin}
        onChange={(e) => setPlugin(e.target.value)}
        error={state.fieldErrors?.plugin}
      >
        {Object.entries(PLUGINS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {plugin === 'allow_all' ? (
        <p className="text-xs text-zinc-500">
          No parameters: the workspace token is the only check.
        </p>
      ) : null}
      {plugin === 'api_key' ? (
        <>
          {field(
            'header',
            'Header',
            `Default ${DEFAULT_AUTH_HEADERS.api_key}.`,
            DEFAULT_AUTH_HEADERS.api_key,
          )}
          {secret('value', 'Key')}
        </>
      ) : null}
      {plugin === 'jwt' ? (
        <>
          {field(
            'header',
            'Header',
            `Default ${DEFAULT_AUTH_HEADERS.jwt} (Authorization carries the Toolplane token); a Bearer prefix is accepted.`,
            DEFAULT_AUTH_HEADERS.jwt,
          )}
          {secret('secret', 'HS256 secret')}
          {field(
            'jwks_url',
            'or JWKS URL',
            'Set exactly one of the secret and the JWKS URL.',
            'https://issuer.example.com/.well-known/jwks.json',
          )}
          {field('issuer', 'Issuer')}
          {field('audience', 'Audience', 'Separated by spaces.')}
          {field('algorithms', 'Algorithms', 'Separated by spaces, e.g. RS256 ES256.')}
          {field('required_claims', 'Required claims', 'Separated by spaces.')}
          {field('clock_tolerance', 'Clock tolerance (seconds)')}
        </>
      ) : null}
      {plugin === 'token_scopes'
        ? field(
            'scopes',
            'Required scopes',
            'Separated by spaces. The calling token must carry every one.',
          )
        : null}
      {plugin === 'script' ? (
        <div>
          <span className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">Script</span>
          <input type="hidden" name="scriptSource" value={script} />
          <CodeEditor
            id="policy-script"
            label="Policy script"
            value={script}
            onChange={setScript}
            language="typescript"
            diagnostics={[]}
            minHeight="12rem"
          />
          {state.fieldErrors?.scriptSource ? (
            <p className="mt-1.5 text-xs font-medium text-red-600">
              {state.fieldErrors.scriptSource}
            </p>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Saving…' : policy ? 'Save policy' : 'Create policy'}
      </Button>
    </form>
  );
}

export function DeletePolicyButton({
  slug,
  policyId,
  name,
}: {
  slug: string;
  policyId: string;
  name: string;
}) {
  const [state, action, pending] = useActionState(deletePolicyAction, {} as ActionState);
  return (
    <form
      action={action}
      onSubmit={(e) => {
        if (!confirm(`Delete the policy ${name}?`)) e.preventDefault();
      }}
      className="flex items-center gap-3"
    >
      <input type="hidden" name="workspace" value={slug} />
      <input type="hidden" name="policyId" value={policyId} />
      <Button type="submit" variant="danger" disabled={pending}>
        {pending ? 'Deleting…' : 'Delete policy'}
      </Button>
      {state.formMessage ? (
        <span role="alert" className="text-xs text-red-600">
          {state.formMessage.text}
        </span>
      ) : null}
    </form>
  );
}
