'use client';

import { useActionState, useState } from 'react';
import type { ActionState } from '../../server/action-state';
import { rollbackToolAction } from '../actions';

interface Version {
  version: number;
  createdAt: string;
  definition: Record<string, unknown>;
}

function lines(definition: Record<string, unknown>): string[] {
  return JSON.stringify(definition, null, 2).split('\n');
}

/** Versions newest first; pick one to see a side-by-side diff with the current one and roll back. */
export function ToolHistory({
  slug,
  toolId,
  currentVersion,
  versions,
  canRollback,
}: {
  slug: string;
  toolId: string;
  currentVersion: number;
  versions: Version[];
  canRollback: boolean;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const [state, action, pending] = useActionState(rollbackToolAction, {} as ActionState);
  const current = versions.find((v) => v.version === currentVersion);
  const other = versions.find((v) => v.version === selected);
  return (
    <aside className="space-y-3">
      <h2 className="text-sm font-semibold">History</h2>
      <ol className="space-y-1">
        {versions.map((v) => (
          <li key={v.version}>
            <button
              type="button"
              onClick={() => setSelected(v.version === selected ? null : v.version)}
              aria-pressed={v.version === selected}
              className={`flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm ${v.version === selected ? 'bg-accent-50 ring-1 ring-accent-200 dark:bg-accent-950' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'}`}
            >
              <span className="font-medium">
                v{v.version}
                {v.version === currentVersion ? ' · current' : ''}
              </span>
              <span className="text-xs text-zinc-500">
                {new Date(v.createdAt).toLocaleString('en')}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {state.formMessage ? (
        <p role="status" className="text-xs text-emerald-700">
          {state.formMessage.text}
        </p>
      ) : null}
      {other && current && other.version !== currentVersion ? (
        <div className="fixed inset-x-0 bottom-0 z-30 max-h-[60vh] overflow-auto border-t border-zinc-200 bg-white p-4 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900">
          <div className="mb-2 flex items-center justify-between">
            <p className="text-sm font-semibold">
              v{other.version} ↔ v{current.version} (current)
            </p>
            <div className="flex items-center gap-3">
              {canRollback ? (
                <form action={action}>
                  <input type="hidden" name="workspace" value={slug} />
                  <input type="hidden" name="toolId" value={toolId} />
                  <input type="hidden" name="toVersion" value={other.version} />
                  <input type="hidden" name="expectedVersion" value={currentVersion} />
                  <button
                    type="submit"
                    disabled={pending}
                    className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-medium text-white"
                  >
                    {pending ? 'Restoring…' : `Roll back to v${other.version}`}
                  </button>
                </form>
              ) : null}
              <button
                type="button"
                className="text-sm text-zinc-500"
                onClick={() => setSelected(null)}
              >
                Close
              </button>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-2 font-mono text-xs">
            {[other, current].map((v, side) => {
              const mine = lines(v.definition);
              const theirs = new Set(lines((side === 0 ? current : other).definition));
              return (
                <pre
                  key={v.version}
                  className="overflow-auto rounded-lg bg-zinc-50 p-2 dark:bg-zinc-950"
                >
                  {mine.map((line, i) => (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines are positional and read-only
                      key={i}
                      className={
                        theirs.has(line)
                          ? ''
                          : side === 0
                            ? 'bg-red-100 dark:bg-red-950'
                            : 'bg-emerald-100 dark:bg-emerald-950'
                      }
                    >
                      {line}
                    </div>
                  ))}
                </pre>
              );
            })}
          </div>
        </div>
      ) : null}
    </aside>
  );
}
