import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getEnv } from '@/env';
import { devOutbox } from '@/modules/server/dev-outbox';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Wordmark } from '@/modules/ui/components/wordmark';
import { formatDate } from '@/modules/ui/lib/format-date';

export const metadata: Metadata = { title: 'Development outbox' };
export const dynamic = 'force-dynamic';

/**
 * Mail this server "sent" (registry entry `dev.outbox`): development only, 404 in production
 * and when SMTP is configured (mail then really leaves, and nothing lands here).
 */
export default function DevOutboxPage() {
  const env = getEnv();
  if (env.TOOLPLANE_MODE === 'production' || (env.SMTP_URL && env.SMTP_FROM)) notFound();
  const messages = devOutbox.list();
  return (
    <main className="mx-auto max-w-3xl px-6 py-10">
      <div className="mb-8">
        <Wordmark />
      </div>
      <PageHeader
        title="Development outbox"
        description="No SMTP server is configured, so mail lands here (the last 50 messages of this server process)."
      />
      {messages.length === 0 ? (
        <EmptyState title="No mail yet">
          Ask for a password reset on the sign-in page; the message shows up here.
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {messages.map((m) => (
            <li
              key={`${m.at.getTime()}-${m.to}`}
              className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
            >
              <p className="text-xs text-zinc-500">
                {formatDate(m.at)} · to {m.to}
              </p>
              <h2 className="mt-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                {m.subject}
              </h2>
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
                {m.text}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
