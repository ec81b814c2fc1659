import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  description: string;
  children: ReactNode;
  /** A line under the card, e.g. the link to the other auth page. */
  footer?: ReactNode;
};

/** The card that holds a sign-in or sign-up form. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="w-full max-w-sm">
      <div className="rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm shadow-zinc-950/5 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-none">
        <h1 className="text-xl font-semibold tracking-tight text-zinc-950 dark:text-white">
          {title}
        </h1>
        <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        <div className="mt-7">{children}</div>
      </div>
      {footer ? (
        <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</p>
      ) : null}
    </div>
  );
}
