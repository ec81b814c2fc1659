import type { Metadata } from 'next';
import Link from 'next/link';
import { Wordmark } from '@/modules/ui/components/wordmark';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-10 px-4 py-16 text-center">
      <Wordmark />
      <div className="max-w-md">
        <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-950 dark:text-white">
          Page not found
        </h1>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          The page you are looking for does not exist or has moved.
        </p>
        <Link
          href="/"
          className="mt-8 inline-flex items-center rounded-lg border border-zinc-300 bg-white px-4 py-2 text-sm font-medium text-zinc-900 shadow-xs transition-colors hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:outline-accent-400"
        >
          Back to Toolplane
        </Link>
      </div>
    </main>
  );
}
