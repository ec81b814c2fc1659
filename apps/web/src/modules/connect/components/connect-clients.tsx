'use client';

import { useCallback, useState } from 'react';
import { CreateTokenForm } from '@/modules/tokens/components/create-token-form';
import { CopyButton } from '@/modules/ui/components/copy-button';
import { Panel } from '@/modules/ui/components/panel';
import type { CreatedToken } from '../../tokens/actions';
import { clientSnippets } from '../lib/client-snippets';

/**
 * The snippets for every client, with a placeholder — or, right after a token is created here,
 * the real token (it lives only in this tab's memory).
 */
export function ConnectClients({
  slug,
  url,
  canCreateToken,
  toolNames,
}: {
  slug: string;
  url: string;
  canCreateToken: boolean;
  toolNames: string[];
}) {
  const [token, setToken] = useState<CreatedToken | null>(null);
  const snippets = clientSnippets({ url, slug, token: token?.plaintext });
  const [selected, setSelected] = useState(snippets[0]?.id ?? 'claude-code');
  const current = snippets.find((s) => s.id === selected) ?? snippets[0];
  const onCreated = useCallback((created: CreatedToken) => setToken(created), []);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Panel
        title="Configure your client"
        description={
          token
            ? `These snippets carry ${token.name}. Copy them now: the token is not shown again after you leave.`
            : 'Replace the placeholder with a token, or create one here to fill it in.'
        }
      >
        <div role="tablist" aria-label="Client" className="mb-4 flex flex-wrap gap-1">
          {snippets.map((s) => (
            <button
              key={s.id}
              type="button"
              role="tab"
              id={`tab-${s.id}`}
              aria-selected={s.id === current?.id}
              aria-controls="snippet-panel"
              onClick={() => setSelected(s.id)}
              className={`rounded-md px-2.5 py-1 text-sm font-medium transition-colors ${
                s.id === current?.id
                  ? 'bg-accent-50 text-accent-700 ring-1 ring-accent-200 dark:bg-accent-950 dark:text-accent-300 dark:ring-accent-900'
                  : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800'
              }`}
            >
              {s.label}
            </button>
          ))}
        </div>
        {current ? (
          <div id="snippet-panel" role="tabpanel" aria-labelledby={`tab-${current.id}`}>
            <div className="mb-2 flex items-center justify-between gap-4">
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{current.where}</p>
              <CopyButton value={current.text} label={`Copy ${current.label} config`} />
            </div>
            <pre
              data-testid={`snippet-${current.id}`}
              className="overflow-x-auto rounded-lg bg-zinc-950 p-4 font-mono text-xs leading-relaxed text-zinc-100"
            >
              {current.text}
            </pre>
          </div>
        ) : null}
      </Panel>
      {canCreateToken ? (
        <Panel title="Create a token for this client">
          <CreateTokenForm
            slug={slug}
            toolNames={toolNames}
            onCreated={onCreated}
            submitLabel="Create token and fill in"
          />
        </Panel>
      ) : (
        <Panel title="Tokens">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            An owner or admin of this workspace creates API tokens. Ask one for a token, then paste
            it where the placeholder is.
          </p>
        </Panel>
      )}
    </div>
  );
}
