import { Button } from '@/modules/ui/components/button';

/**
 * A tool's inline auth block, which the editor cannot edit: only its plugin is named (the
 * browser holds the credentials redacted, and never sends them back). Saving keeps the block;
 * removing it, until the save, is the one change offered, so the tool can take a shared policy.
 */
export function InlineAuthNotice({
  plugin,
  removed,
  readOnly,
  onToggle,
}: {
  plugin: string;
  removed: boolean;
  readOnly: boolean;
  onToggle: () => void;
}) {
  return (
    <div
      role="note"
      data-testid="inline-auth-notice"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-3 dark:border-amber-900 dark:bg-amber-950/30 dark:text-amber-200"
    >
      <p>
        {removed ? (
          <>
            The inline auth block (<code className="font-mono">{plugin}</code>) is removed when you
            save: choose a shared policy, or the tool accepts any valid token.
          </>
        ) : (
          <>
            This tool has an inline auth block (<code className="font-mono">{plugin}</code>). Its
            credentials are stored encrypted and never shown; saving keeps it unchanged. Remove it
            to use a shared policy instead.
          </>
        )}
      </p>
      {readOnly ? null : (
        <Button onClick={onToggle}>{removed ? 'Keep inline auth' : 'Remove inline auth'}</Button>
      )}
    </div>
  );
}
