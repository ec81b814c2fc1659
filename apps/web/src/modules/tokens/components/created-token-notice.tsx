import { CopyButton } from '@/modules/ui/components/copy-button';
import type { CreatedToken } from '../actions';

/** The token once, with a copy button; gone on reload — it is never stored in plaintext. */
export function CreatedTokenNotice({ token }: { token: CreatedToken }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3.5 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <p className="text-sm font-medium text-emerald-900 dark:text-emerald-100">
        {token.name} is ready. Copy it now — it will not be shown again.
      </p>
      <div className="flex items-center gap-2">
        <code
          data-testid="created-token"
          className="min-w-0 flex-1 truncate rounded-md bg-white px-2.5 py-1.5 font-mono text-xs text-zinc-900 ring-1 ring-emerald-200 dark:bg-zinc-950 dark:text-zinc-100 dark:ring-emerald-900"
        >
          {token.plaintext}
        </code>
        <CopyButton value={token.plaintext} label="Copy token" />
      </div>
    </div>
  );
}
