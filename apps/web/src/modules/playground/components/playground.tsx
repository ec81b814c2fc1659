'use client';

import type { PlaygroundRun } from '@toolplane/services';
import { useActionState, useMemo, useRef, useState } from 'react';
import { StageWaterfall } from '@/modules/activity/components/stage-waterfall';
import { Badge } from '@/modules/ui/components/badge';
import { Button } from '@/modules/ui/components/button';
import { TextAreaField } from '@/modules/ui/components/fields';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { Panel } from '@/modules/ui/components/panel';
import { TextField } from '@/modules/ui/components/text-field';
import type { ActionState } from '../../server/action-state';
import { runToolAction } from '../actions';
import type { ToolHeaderFields } from '../lib/tool-header-fields';
import { argsFromFields, type InputField } from '../lib/tool-input-fields';

const control =
  'mt-1.5 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs outline-hidden focus:border-accent-500 focus:ring-4 focus:ring-accent-500/15 dark:border-zinc-700 dark:bg-zinc-950';

function initialValues(fields: InputField[], replay: Record<string, unknown> | null) {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const v = replay?.[f.name] ?? f.default;
    values[f.name] =
      v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  }
  return values;
}

/** Rows to show as a table: the structured `results` when they are objects. */
function resultRows(result: unknown): Record<string, unknown>[] | null {
  const structured = (result as { structuredContent?: { results?: unknown } } | null)
    ?.structuredContent;
  const rows = structured?.results;
  if (!Array.isArray(rows) || rows.length === 0) return null;
  if (!rows.every((r) => r && typeof r === 'object' && !Array.isArray(r))) return null;
  return rows as Record<string, unknown>[];
}

function ResultTable({ rows }: { rows: Record<string, unknown>[] }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <div className="max-h-96 overflow-auto rounded-lg ring-1 ring-zinc-200 dark:ring-zinc-800">
      <table className="w-full text-left text-xs" data-testid="result-table">
        <thead className="sticky top-0 bg-zinc-50 text-zinc-500 dark:bg-zinc-900">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 font-mono dark:divide-zinc-800">
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no identity
            <tr key={i}>
              {columns.map((c) => (
                <td
                  key={c}
                  className="px-3 py-1.5 whitespace-nowrap text-zinc-800 dark:text-zinc-200"
                >
                  {row[c] === null || row[c] === undefined ? (
                    <span className="text-zinc-400">null</span>
                  ) : typeof row[c] === 'object' ? (
                    JSON.stringify(row[c])
                  ) : (
                    String(row[c])
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RunResult({ run }: { run: PlaygroundRun }) {
  const [view, setView] = useState<'table' | 'json'>('table');
  const rows = resultRows(run.result);
  const resultError =
    !run.error && !run.ok
      ? (
          run.result as {
            structuredContent?: { error?: { code?: string; stage?: string; message?: string } };
          }
        )?.structuredContent?.error
      : undefined;
  const stage = run.error?.stage ?? resultError?.stage ?? run.invocation?.errorStage;
  return (
    <div className="space-y-4" data-testid="playground-result">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {run.ok ? <Badge tone="success">Succeeded</Badge> : <Badge tone="danger">Failed</Badge>}
        <Badge>{run.invocation?.durationMs ?? run.durationMs} ms in the runtime</Badge>
        <Badge>{run.durationMs} ms round trip</Badge>
        {run.invocation ? (
          run.invocation.cacheHit ? (
            <Badge tone="accent">Cache hit</Badge>
          ) : (
            <Badge>Cache miss</Badge>
          )
        ) : null}
        <span className="font-mono text-zinc-400">{run.requestId}</span>
      </div>
      {run.error || resultError ? (
        <FormAlert tone="error">
          <span className="font-mono">
            {run.error?.code ?? resultError?.code ?? run.invocation?.errorCode}
          </span>
          {stage ? (
            <>
              {' '}
              at stage <span className="font-mono">{stage}</span>
            </>
          ) : null}
          : {run.error?.message ?? resultError?.message}
        </FormAlert>
      ) : null}
      {run.result ? (
        <div>
          {rows ? (
            <div role="tablist" aria-label="Result view" className="mb-2 flex gap-1">
              {(['table', 'json'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  role="tab"
                  aria-selected={view === v}
                  onClick={() => setView(v)}
                  className={`rounded-md px-2 py-0.5 text-xs font-medium ${view === v ? 'bg-accent-50 text-accent-700 ring-1 ring-accent-200' : 'text-zinc-600 hover:bg-zinc-100'}`}
                >
                  {v === 'table' ? `Table (${rows.length} rows)` : 'JSON'}
                </button>
              ))}
            </div>
          ) : null}
          {rows && view === 'table' ? (
            <ResultTable rows={rows} />
          ) : (
            <pre className="max-h-96 overflow-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100">
              {JSON.stringify(run.result, null, 2)}
            </pre>
          )}
        </div>
      ) : null}
      <div>
        <h3 className="mb-2 text-xs font-semibold text-zinc-700 dark:text-zinc-300">
          Stage timings
        </h3>
        {run.invocation ? (
          <StageWaterfall timings={run.invocation.stageTimings} failedStage={stage ?? null} />
        ) : (
          <p className="text-xs text-zinc-500">
            The runtime has not logged this call yet; it will show in Activity.
          </p>
        )}
      </div>
    </div>
  );
}

export function Playground({
  slug,
  toolName,
  fields,
  headers,
  replay,
}: {
  slug: string;
  toolName: string;
  fields: InputField[];
  headers: ToolHeaderFields;
  replay: Record<string, unknown> | null;
}) {
  const [state, action, pending] = useActionState(runToolAction, {} as ActionState<PlaygroundRun>);
  const [values, setValues] = useState(() => initialValues(fields, replay));
  const [raw, setRaw] = useState(false);
  const [rawArgs, setRawArgs] = useState(() =>
    JSON.stringify(replay ?? argsFromFields(fields, initialValues(fields, null)), null, 2),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const args = useMemo(
    () => (raw ? rawArgs : JSON.stringify(argsFromFields(fields, values))),
    [raw, rawArgs, fields, values],
  );
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_1fr]">
      <Panel
        title={<span className="font-mono">{toolName}</span>}
        actions={
          <button
            type="button"
            className="text-xs font-medium text-accent-700 hover:underline dark:text-accent-400"
            onClick={() => {
              if (!raw) setRawArgs(JSON.stringify(argsFromFields(fields, values), null, 2));
              setRaw(!raw);
            }}
          >
            {raw ? 'Use the form' : 'Edit as JSON'}
          </button>
        }
      >
        <form
          ref={formRef}
          action={action}
          noValidate
          className="space-y-4"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              formRef.current?.requestSubmit();
            }
          }}
        >
          <input type="hidden" name="workspace" value={slug} />
          <input type="hidden" name="toolName" value={toolName} />
          {!raw ? <input type="hidden" name="args" value={args} /> : null}
          {state.formMessage && !state.ok ? (
            <FormAlert tone="error">{state.formMessage.text}</FormAlert>
          ) : null}
          {raw ? (
            <TextAreaField
              label="Arguments (JSON)"
              name="args"
              rows={8}
              value={rawArgs}
              onChange={(e) => setRawArgs(e.target.value)}
              error={state.fieldErrors?.args}
            />
          ) : fields.length === 0 ? (
            <p className="text-sm text-zinc-500">This tool takes no inputs.</p>
          ) : (
            fields.map((f) => (
              <div key={f.name}>
                <label
                  htmlFor={`input-${f.name}`}
                  className="flex items-baseline justify-between text-sm font-medium text-zinc-800 dark:text-zinc-200"
                >
                  <span className="font-mono">{f.name}</span>
                  <span className="text-xs font-normal text-zinc-500">
                    {f.type}
                    {f.optional ? ' · optional' : ''}
                  </span>
                </label>
                {f.type === 'boolean' ? (
                  <select
                    id={`input-${f.name}`}
                    className={control}
                    value={values[f.name] ?? ''}
                    onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                  >
                    {f.optional ? <option value="">(not set)</option> : null}
                    <option value="true">true</option>
                    <option value="false">false</option>
                  </select>
                ) : (
                  <input
                    id={`input-${f.name}`}
                    className={control}
                    inputMode={f.type === 'int' || f.type === 'float' ? 'decimal' : undefined}
                    placeholder={f.type === 'datetime' ? '2026-01-31 or RFC 3339' : undefined}
                    value={values[f.name] ?? ''}
                    onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                  />
                )}
                {f.description ? (
                  <p className="mt-1 text-xs text-zinc-500">{f.description}</p>
                ) : null}
              </div>
            ))
          )}
          {headers.named.map((name) => (
            <TextField
              key={name}
              label={`${name} header`}
              name={`header.${name}`}
              type="password"
              autoComplete="off"
              defaultValue={state.values?.[`header.${name}`]}
              hint="Read by the tool’s auth policy. Sent with this run only, never stored."
            />
          ))}
          {headers.freeForm ? (
            <TextAreaField
              label="Request headers"
              name="headers"
              rows={3}
              placeholder="X-Tenant: …"
              defaultValue={state.values?.headers}
              error={state.fieldErrors?.headers}
              hint="The tool’s script policy may read any header. One “Name: value” per line."
            />
          ) : null}
          <div className="flex items-center gap-3">
            <Button type="submit" variant="primary" disabled={pending}>
              {pending ? 'Running…' : 'Run tool'}
            </Button>
            <span className="text-xs text-zinc-400">⌘/Ctrl + Enter</span>
          </div>
        </form>
      </Panel>
      <Panel title="Result">
        {pending ? (
          <p className="text-sm text-zinc-500" aria-live="polite">
            Running through the runtime…
          </p>
        ) : state.ok && state.data ? (
          <RunResult run={state.data} />
        ) : (
          <p className="text-sm text-zinc-500">
            Run the tool to see its result, the stage it failed at, its stage timings and whether
            the cache answered. The call goes through the runtime exactly as an agent's does, and
            shows in Activity as yours.
          </p>
        )}
      </Panel>
    </div>
  );
}
