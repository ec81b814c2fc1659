'use client';

import {
  checkToolDraft,
  type DraftContext,
  INPUT_TYPES,
  inlineAuthPlugin,
  submittedToolDraft,
  type ToolDraft,
  type ToolInputDraft,
} from '@toolplane/services/tool-draft';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { Button } from '@/modules/ui/components/button';
import { CodeEditor } from '@/modules/ui/components/code-editor';
import { Field, fieldControlClassName } from '@/modules/ui/components/field';
import { FormAlert } from '@/modules/ui/components/form-alert';
import type { ActionState } from '../../server/action-state';
import { createToolAction, saveToolAction } from '../actions';
import { InlineAuthNotice } from './inline-auth-notice';

const label = 'block text-sm font-medium text-zinc-800 dark:text-zinc-200';
const small =
  'w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950';

/** A number that may be left empty for the workspace default. */
function OptionalNumberField({
  id,
  label,
  min,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  min: number;
  value: number | null;
  error: string | undefined;
  onChange: (value: number | null) => void;
}) {
  return (
    <Field id={id} name={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="number"
          min={min}
          className={fieldControlClassName}
          placeholder="workspace default"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        />
      )}
    </Field>
  );
}

/**
 * The tool editor: every field of a definition, the pipeline's diagnostics as you type, save
 * with Cmd/Ctrl+S into a new immutable version, and a warning before leaving unsaved work.
 */
export function ToolEditor({
  slug,
  toolId,
  version,
  initial,
  context,
  readOnly,
}: {
  slug: string;
  toolId: string | null;
  version: number;
  initial: ToolDraft;
  context: DraftContext;
  readOnly: boolean;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState<ToolDraft>(initial);
  const [saved, setSaved] = useState(JSON.stringify(initial));
  const [currentVersion, setCurrentVersion] = useState(version);
  const [result, setResult] = useState<ActionState>({});
  const [pending, startTransition] = useTransition();
  const dirty = JSON.stringify(draft) !== saved;
  const diagnostics = useMemo(() => checkToolDraft(draft, context), [draft, context]);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const fieldError = (field: string) =>
    result.fieldErrors?.[field] ??
    diagnostics.find((d) => d.field === field && d.severity === 'error')?.message;
  const connectorType =
    context.connectors.find((c) => c.id === draft.connectorId)?.type ?? 'postgres';

  const update = <K extends keyof ToolDraft>(key: K, value: ToolDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = useCallback(() => {
    if (readOnly) return;
    const form = new FormData();
    form.set('workspace', slug);
    form.set('draft', JSON.stringify(submittedToolDraft(draft)));
    if (toolId) {
      form.set('toolId', toolId);
      form.set('expectedVersion', String(currentVersion));
    }
    startTransition(async () => {
      const state = toolId ? await saveToolAction({}, form) : await createToolAction({}, form);
      setResult(state);
      if (state.ok) {
        const data = state.data as { id: string; version: number };
        setSaved(JSON.stringify(draft));
        setCurrentVersion(data.version);
        if (!toolId) router.replace(`/w/${slug}/tools/${data.id}`);
        else router.refresh();
      }
    });
  }, [readOnly, slug, draft, toolId, currentVersion, router]);

  // Cmd/Ctrl+S saves; leaving with unsaved changes asks first.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  const setInput = (index: number, patch: Partial<ToolInputDraft>) =>
    update(
      'inputs',
      draft.inputs.map((inp, i) => (i === index ? { ...inp, ...patch } : inp)),
    );

  const codeDiagnostics = (field: string) =>
    diagnostics.filter((d) => d.field === field).map((d) => ({ ...d }));

  return (
    <div className="space-y-6">
      <div className="sticky top-0 z-10 -mx-2 flex items-center justify-between gap-3 rounded-lg bg-zinc-50/90 px-2 py-2 backdrop-blur dark:bg-zinc-950/90">
        <div className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {toolId ? `Version ${currentVersion}` : 'New tool'}
          {dirty ? (
            <span className="ml-2 font-medium text-amber-600">• Unsaved changes</span>
          ) : null}
          {errors.length > 0 ? (
            <span className="ml-2 text-red-600">
              {errors.length} error{errors.length === 1 ? '' : 's'}
            </span>
          ) : null}
        </div>
        {!readOnly ? (
          <Button
            variant="primary"
            onClick={save}
            disabled={pending || (!dirty && toolId !== null)}
          >
            {pending ? 'Saving…' : 'Save'}{' '}
            <kbd className="ml-1 rounded bg-white/20 px-1 text-[10px]">⌘S</kbd>
          </Button>
        ) : null}
      </div>
      {result.formMessage ? (
        <FormAlert tone={result.ok ? 'success' : 'error'}>{result.formMessage.text}</FormAlert>
      ) : null}

      <fieldset
        disabled={readOnly}
        className="grid gap-5 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Field id="tool-name" name="name" label="Name" error={fieldError('name')}>
          {(control) => (
            <input
              {...control}
              className={fieldControlClassName}
              value={draft.name}
              placeholder="get_customer"
              onChange={(e) => update('name', e.target.value)}
            />
          )}
        </Field>
        <Field id="tool-kind" name="kind" label="Kind">
          {(control) => (
            <select
              {...control}
              className={fieldControlClassName}
              value={draft.kind}
              onChange={(e) => {
                const kind = e.target.value as ToolDraft['kind'];
                setDraft((d) => ({
                  ...d,
                  kind,
                  statement: kind === 'statement' ? (d.statement ?? '') : null,
                  handlerSource:
                    kind === 'script'
                      ? (d.handlerSource ??
                        'export default async function handler({ inputs }) {\n  return inputs;\n}\n')
                      : null,
                  connectorId: kind === 'statement' ? d.connectorId : null,
                }));
              }}
            >
              <option value="statement">Statement (SQL or Redis)</option>
              <option value="script">Script (JavaScript / TypeScript)</option>
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field id="tool-description" name="description" label="Description">
            {(control) => (
              <textarea
                {...control}
                rows={2}
                className={fieldControlClassName}
                value={draft.description}
                placeholder="What the tool does — agents read this to decide when to call it."
                onChange={(e) => update('description', e.target.value)}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <section className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold">Inputs</h2>
          {!readOnly ? (
            <Button
              onClick={() => update('inputs', [...draft.inputs, { name: '', type: 'string' }])}
            >
              Add input
            </Button>
          ) : null}
        </div>
        {draft.inputs.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-500">
            No inputs. Declared inputs become the tool's arguments; use them as{' '}
            <code className="font-mono">{'{{ inputs.name }}'}</code>.
          </p>
        ) : (
          <div className="mt-3 space-y-2">
            {draft.inputs.map((inp, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows without ids; a row's state lives in draft, not in the DOM
                key={index}
                className="grid grid-cols-[minmax(0,9rem)_6rem_minmax(0,1fr)_auto_minmax(0,6rem)_auto] items-center gap-2"
              >
                <input
                  aria-label={`Input ${index + 1} name`}
                  className={small}
                  placeholder="name"
                  value={inp.name}
                  onChange={(e) => setInput(index, { name: e.target.value })}
                  disabled={readOnly}
                />
                <select
                  aria-label={`Input ${index + 1} type`}
                  className={small}
                  value={inp.type}
                  onChange={(e) =>
                    setInput(index, { type: e.target.value as ToolInputDraft['type'] })
                  }
                  disabled={readOnly}
                >
                  {INPUT_TYPES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
                <input
                  aria-label={`Input ${index + 1} description`}
                  className={small}
                  placeholder="description"
                  value={inp.description ?? ''}
                  onChange={(e) => setInput(index, { description: e.target.value })}
                  disabled={readOnly}
                />
                <label className="flex items-center gap-1 text-xs">
                  <input
                    type="checkbox"
                    checked={inp.optional ?? false}
                    onChange={(e) => setInput(index, { optional: e.target.checked })}
                    disabled={readOnly}
                  />{' '}
                  optional
                </label>
                <input
                  aria-label={`Input ${index + 1} default`}
                  className={small}
                  placeholder="default"
                  value={inp.default === undefined ? '' : String(inp.default)}
                  onChange={(e) => {
                    const raw = e.target.value;
                    const value =
                      raw === ''
                        ? undefined
                        : inp.type === 'int' || inp.type === 'float'
                          ? Number.isNaN(Number(raw))
                            ? raw
                            : Number(raw)
                          : inp.type === 'boolean'
                            ? raw === 'true'
                            : raw;
                    setInput(index, { default: value });
                  }}
                  disabled={readOnly}
                />
                {!readOnly ? (
                  <button
                    type="button"
                    aria-label={`Remove input ${inp.name || index + 1}`}
                    className="text-xs text-red-600"
                    onClick={() =>
                      update(
                        'inputs',
                        draft.inputs.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove
                  </button>
                ) : (
                  <span />
                )}
                {fieldError(`inputs.${inp.name}`) ? (
                  <p className="col-span-6 text-xs text-red-600">
                    {fieldError(`inputs.${inp.name}`)}
                  </p>
                ) : null}
              </div>
            ))}
          </div>
        )}
      </section>

      <section className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        {draft.kind === 'statement' ? (
          <div className="space-y-4">
            <div className="max-w-sm">
              <Field
                id="tool-connector"
                name="connectorId"
                label="Connector"
                error={fieldError('connectorId')}
              >
                {(control) => (
                  <select
                    {...control}
                    className={fieldControlClassName}
                    value={draft.connectorId ?? ''}
                    disabled={readOnly}
                    onChange={(e) => update('connectorId', e.target.value || null)}
                  >
                    <option value="">Choose a connector…</option>
                    {context.connectors.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name} ({c.type})
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div>
              <span className={label} id="statement-label">
                Statement
              </span>
              <CodeEditor
                id="tool-statement"
                label="Statement"
                language={connectorType as 'postgres'}
                value={draft.statement ?? ''}
                onChange={(v) => update('statement', v)}
                diagnostics={codeDiagnostics('statement')}
              />
              <DiagnosticList items={codeDiagnostics('statement')} />
            </div>
          </div>
        ) : (
          <div>
            <span className={label}>Handler</span>
            <CodeEditor
              id="tool-handler"
              label="Handler"
              language="typescript"
              minHeight="14rem"
              value={draft.handlerSource ?? ''}
              onChange={(v) => update('handlerSource', v)}
              diagnostics={codeDiagnostics('handlerSource')}
            />
            <DiagnosticList items={codeDiagnostics('handlerSource')} />
          </div>
        )}
      </section>

      <details className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
        <summary className="cursor-pointer text-sm font-semibold">Mappers</summary>
        <div className="mt-4 grid gap-5 lg:grid-cols-2">
          {(['inputMapperSource', 'outputMapperSource'] as const).map((field) => (
            <div key={field}>
              <span className={label}>
                {field === 'inputMapperSource' ? 'Input mapper' : 'Output mapper'} (optional)
              </span>
              <CodeEditor
                id={`tool-${field}`}
                label={field}
                language="typescript"
                value={draft[field] ?? ''}
                onChange={(v) => update(field, v.trim() ? v : null)}
                diagnostics={codeDiagnostics(field)}
              />
              <DiagnosticList items={codeDiagnostics(field)} />
            </div>
          ))}
        </div>
      </details>

      <fieldset
        disabled={readOnly}
        className="grid gap-5 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs sm:grid-cols-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <legend className="sr-only">Behaviour</legend>
        {initial.authInline !== null ? (
          <InlineAuthNotice
            plugin={inlineAuthPlugin(initial.authInline)}
            removed={draft.authInline === null}
            readOnly={readOnly}
            onToggle={() =>
              setDraft((d) =>
                d.authInline === null
                  ? { ...d, authInline: initial.authInline, authPolicyId: null }
                  : { ...d, authInline: null },
              )
            }
          />
        ) : null}
        <Field
          id="tool-policy"
          name="authPolicyId"
          label="Auth policy"
          error={fieldError('authPolicyId')}
        >
          {(control) => (
            <select
              {...control}
              className={fieldControlClassName}
              value={draft.authPolicyId ?? ''}
              // One auth block per tool: a policy only once the inline block is removed.
              disabled={draft.authInline !== null}
              onChange={(e) => update('authPolicyId', e.target.value || null)}
            >
              <option value="">
                {draft.authInline !== null
                  ? `Inline block (${inlineAuthPlugin(draft.authInline)})`
                  : 'None — any valid token'}
              </option>
              {context.policies.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.plugin})
                </option>
              ))}
            </select>
          )}
        </Field>
        <OptionalNumberField
          id="tool-rowcap"
          label="Row cap"
          min={1}
          value={draft.rowCap}
          error={fieldError('rowCap')}
          onChange={(v) => update('rowCap', v)}
        />
        <OptionalNumberField
          id="tool-timeout"
          label="Timeout (ms)"
          min={1}
          value={draft.timeoutMs}
          error={fieldError('timeoutMs')}
          onChange={(v) => update('timeoutMs', v)}
        />
        <OptionalNumberField
          id="tool-ttl"
          label="Cache TTL (s)"
          min={0}
          value={draft.cacheTtlSeconds}
          error={fieldError('cacheTtlSeconds')}
          onChange={(v) => update('cacheTtlSeconds', v)}
        />
        <div className="sm:col-span-2">
          <Field
            id="tool-secrets"
            name="declaredSecrets"
            label="Declared secrets"
            error={fieldError('declaredSecrets')}
          >
            {(control) => (
              <input
                {...control}
                className={fieldControlClassName}
                placeholder="API_KEY, OTHER"
                value={draft.declaredSecrets.join(', ')}
                onChange={(e) =>
                  update(
                    'declaredSecrets',
                    e.target.value
                      .split(',')
                      .map((s) => s.trim())
                      .filter(Boolean),
                  )
                }
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-5 sm:col-span-3">
          {(
            [
              ['enabled', 'Enabled'],
              ['readOnly', 'Read-only'],
              ['cacheEnabled', 'Cache results'],
              ['legacyPlaceholders', 'Legacy placeholders (Hyperterse < 1.3)'],
            ] as const
          ).map(([key, text]) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft[key]}
                onChange={(e) => update(key, e.target.checked)}
              />{' '}
              {text}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.annotations.destructiveHint === true}
              onChange={(e) =>
                update('annotations', { ...draft.annotations, destructiveHint: e.target.checked })
              }
            />{' '}
            Destructive (annotation)
          </label>
        </div>
      </fieldset>
    </div>
  );
}

function DiagnosticList({
  items,
}: {
  items: { severity: string; message: string; line?: number; column?: number }[];
}) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1" aria-label="Problems">
      {items.map((d, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a derived, read-only list
          key={i}
          className={`text-xs ${d.severity === 'error' ? 'text-red-600 dark:text-red-400' : 'text-amber-700 dark:text-amber-400'}`}
        >
          {d.line !== undefined ? (
            <span className="font-mono">
              {d.line}:{d.column ?? 1}{' '}
            </span>
          ) : null}
          {d.message}
        </li>
      ))}
    </ul>
  );
}
