import type { ReactNode } from 'react';

/** What a new user sees instead of an empty table: what this is and what to do next. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 bg-white px-6 py-12 text-center dark:border-zinc-700 dark:bg-zinc-900/50">
      <div className="grid size-10 place-items-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-950 dark:text-accent-400">
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
          <path d="M10 3a1 1 0 0 1 1 1v5h5a1 1 0 1 1 0 2h-5v5a1 1 0 1 1-2 0v-5H4a1 1 0 1 1 0-2h5V4a1 1 0 0 1 1-1Z" />
        </svg>
      </div>
      <h3 className="mt-4 text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
      <div className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
