import Link from 'next/link';

/** The current workspace and a menu of the others (a <details>: keyboard-friendly, no script). */
export function WorkspaceSwitcher({
  current,
  workspaces,
}: {
  current: { name: string; slug: string; role: string };
  workspaces: { name: string; slug: string; role: string }[];
}) {
  return (
    <details className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-2.5 rounded-lg border border-zinc-200 bg-white px-2.5 py-2 shadow-xs hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800">
        <span className="grid size-7 shrink-0 place-items-center rounded-md bg-accent-600 text-xs font-semibold text-white uppercase">
          {current.name.slice(0, 2)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {current.name}
          </span>
          <span className="block truncate text-xs text-zinc-500">{current.role}</span>
        </span>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-4 text-zinc-400"
          aria-hidden="true"
        >
          <path d="M10 3 6 7h8l-4-4Zm0 14 4-4H6l4 4Z" />
        </svg>
      </summary>
      <div className="absolute inset-x-0 z-20 mt-1 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        {workspaces.map((w) => (
          <Link
            key={w.slug}
            href={`/w/${w.slug}/tools`}
            className="flex items-center justify-between rounded-md px-2.5 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <span className="truncate">{w.name}</span>
            {w.slug === current.slug ? (
              <span className="text-xs text-accent-600">current</span>
            ) : null}
          </Link>
        ))}
        <div className="my-1 border-t border-zinc-200 dark:border-zinc-800" />
        <Link
          href="/new"
          className="block rounded-md px-2.5 py-1.5 text-sm font-medium text-accent-600 hover:bg-zinc-100 dark:text-accent-400 dark:hover:bg-zinc-800"
        >
          + New workspace
        </Link>
      </div>
    </details>
  );
}
