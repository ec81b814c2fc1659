'use client';

import { Wordmark } from '@/modules/ui/components/wordmark';

type ErrorPageProps = { error: unknown; retry: () => void };

/**
 * Unexpected failures reach people as a generic message plus the digest Next logs with the
 * server-side error, so support can find the details; the details themselves never reach here.
 */
export default function ErrorPage({ error, retry }: ErrorPageProps) {
  const reference =
    typeof error === 'object' && error !== null && 'digest' in error ? String(error.digest) : null;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-10 px-4 py-16 text-center">
      <Wordmark />
      <div className="max-w-md">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-950 dark:text-white">
          Something went wrong
        </h1>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          An unexpected error stopped this page. Try again; if it keeps happening, contact your
          administrator{reference ? ' with the reference below' : ''}.
        </p>
        {reference ? (
          <p className="mt-3 font-mono text-xs text-zinc-500">Reference: {reference}</p>
        ) : null}
        <button
          type="button"
          onClick={() => retry()}
          className="mt-8 inline-flex items-center rounded-lg bg-accent-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-accent-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        >
          Try again
        </button>
      </div>
    </main>
  );
}
