import { listMyWorkspaces } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ChangePasswordForm } from '@/modules/account/components/change-password-form';
import { SignOutButton } from '@/modules/auth/components/sign-out-button';
import { getCurrentUser } from '@/modules/auth/lib/get-current-user';
import { getServiceDeps } from '@/modules/server/service-deps';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';
import { Wordmark } from '@/modules/ui/components/wordmark';

export const metadata: Metadata = { title: 'Account' };

export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<{ changed?: string }>;
}) {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/account');
  const { changed } = await searchParams;
  const mine = await listMyWorkspaces(getServiceDeps(), user);
  return (
    <main className="mx-auto max-w-3xl px-6 py-10">
      <div className="mb-8 flex items-center justify-between">
        <Link href="/">
          <Wordmark />
        </Link>
        <SignOutButton />
      </div>
      <PageHeader title="Account" description={user.email} />
      <div className="space-y-6">
        {changed ? (
          <FormAlert tone="success">
            Password changed. Every other session has been signed out.
          </FormAlert>
        ) : null}
        <Panel title="Password" description="Changing it signs you out everywhere else.">
          <ChangePasswordForm />
        </Panel>
        <Panel
          title="Personal access tokens"
          description="For the REST API and the toolplane CLI; each acts as you."
        >
          <Link
            href="/account/tokens"
            className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400"
          >
            Manage personal access tokens
          </Link>
        </Panel>
        <Panel title="Workspaces">
          <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
            {mine.map((m) => (
              <li key={m.workspace.id} className="flex items-center justify-between py-2">
                <Link
                  href={`/w/${m.workspace.slug}/tools`}
                  className="font-medium text-accent-700 hover:underline dark:text-accent-400"
                >
                  {m.workspace.name}
                </Link>
                <span className="text-xs text-zinc-500">{m.role}</span>
              </li>
            ))}
          </ul>
          <Link
            href="/new"
            className="mt-3 inline-block text-sm font-medium text-accent-700 hover:underline dark:text-accent-400"
          >
            Create a workspace
          </Link>
        </Panel>
      </div>
    </main>
  );
}
