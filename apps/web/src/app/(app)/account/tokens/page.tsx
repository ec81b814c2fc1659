import { listPersonalAccessTokens } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { SignOutButton } from '@/modules/auth/components/sign-out-button';
import { getCurrentUser } from '@/modules/auth/lib/get-current-user';
import { CreatePersonalAccessTokenForm } from '@/modules/personal-access-tokens/components/create-personal-access-token-form';
import { RevokePersonalAccessTokenButton } from '@/modules/personal-access-tokens/components/revoke-personal-access-token-button';
import { getServiceDeps } from '@/modules/server/service-deps';
import { TokenTable } from '@/modules/tokens/components/token-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';
import { Wordmark } from '@/modules/ui/components/wordmark';

export const metadata: Metadata = { title: 'Personal access tokens' };

export default async function PersonalAccessTokensPage() {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/account/tokens');
  const tokens = await listPersonalAccessTokens(getServiceDeps(), user);
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <div className="mb-8 flex items-center justify-between">
        <Link href="/">
          <Wordmark />
        </Link>
        <SignOutButton />
      </div>
      <Link
        href="/account"
        className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400"
      >
        ← Account
      </Link>
      <PageHeader
        title="Personal access tokens"
        description="For the REST API and the toolplane CLI. A token acts as you, with your role in each of your workspaces. Each is shown once, when it is created."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
          {tokens.length === 0 ? (
            <EmptyState title="No personal access tokens yet">
              Create one for each script or machine, so you can revoke one without touching the
              others. Then run <code className="font-mono text-xs">npx toolplane login</code> and
              paste it.
            </EmptyState>
          ) : (
            <TokenTable
              tokens={tokens}
              revokeButton={(t) => <RevokePersonalAccessTokenButton tokenId={t.id} name={t.name} />}
            />
          )}
        </div>
        <Panel title="Create a token">
          <CreatePersonalAccessTokenForm />
        </Panel>
      </div>
    </main>
  );
}
