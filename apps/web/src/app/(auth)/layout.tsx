import type { ReactNode } from 'react';
import { Wordmark } from '@/modules/ui/components/wordmark';

/** The frame shared by the sign-in and sign-up pages: wordmark, centred card, quiet footer. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col items-center px-4 py-12 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-accent-100),transparent)] dark:bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklab,var(--color-accent-500)_14%,transparent),transparent)]"
      />
      <div className="flex w-full flex-1 flex-col items-center justify-center gap-10">
        <Wordmark />
        <main className="flex w-full justify-center">{children}</main>
      </div>
      <footer className="mt-12 text-xs text-zinc-500 dark:text-zinc-500">
        Toolplane · MCP tools for your whole team
      </footer>
    </div>
  );
}
