import { listMyWorkspaces } from '@toolplane/services';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/modules/auth/components/sign-out-button';
import { getCurrentUser } from '@/modules/auth/lib/get-current-user';
import { getServiceDeps } from '@/modules/server/service-deps';
import { Wordmark } from '@/modules/ui/components/wordmark';
import { WorkspaceNav } from '@/modules/workspace/components/workspace-nav';
import { WorkspaceSwitcher } from '@/modules/workspace/components/workspace-switcher';

/**
 * The workspace shell: sidebar, switcher, account. Navigation only — every page below
 * authorizes itself (layouts do not run for server actions or API calls).
 */
export default async function WorkspaceLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ slug: string }>;
}) {
  const { slug } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(`/w/${slug}/tools`)}`);
  const mine = await listMyWorkspaces(getServiceDeps(), user);
  const current = mine.find((m) => m.workspace.slug === slug);
  if (!current) notFound();
  return (
    <div className="flex min-h-dvh">
      <aside className="sticky top-0 flex h-dvh w-60 shrink-0 flex-col gap-6 border-r border-zinc-200 bg-zinc-100/70 px-3 py-4 dark:border-zinc-800 dark:bg-zinc-950">
        <Link href={`/w/${slug}/tools`} className="px-1">
          <Wordmark className="scale-90 origin-left" />
        </Link>
        <WorkspaceSwitcher
          current={{ name: current.workspace.name, slug, role: current.role }}
          workspaces={mine.map((m) => ({
            name: m.workspace.name,
            slug: m.workspace.slug,
            role: m.role,
          }))}
        />
        <div className="flex-1 overflow-y-auto">
          <WorkspaceNav slug={slug} />
        </div>
        <div className="flex items-center justify-between gap-2 border-t border-zinc-200 px-1 pt-3 dark:border-zinc-800">
          <Link
            href="/account"
            className="min-w-0 truncate text-xs text-zinc-600 hover:text-zinc-900 dark:text-zinc-400"
          >
            {user.email}
          </Link>
          <SignOutButton />
        </div>
      </aside>
      <main className="min-w-0 flex-1 px-8 py-7">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
