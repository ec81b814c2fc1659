import { listPersonalAccessTokens } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { SignOutButton } from '@/modules/auth/components/sign-out-button';
import { getCurrentUser } from '@/modules/auth/lib/get-current-user';
import { CreatePersonalAccessTokenForm } from '@/modules/personal-access-tokens/components/create-personal-access-token-form';
import { RevokePersonalAccessTokenButton } from '@/modules/personal-access-tokens/components/revoke-personal-access-token-button';
import { getServiceDeps } from '@/modules/server/service-deps';
import { Badge } from '@/modules/ui/components/badge';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';
import { Wordmark } from '@/modules/ui/components/wordmark';
import { formatDay, formatRelative } from '@/modules/ui/lib/format-date';

export const metadata: Metadata = { title: 'Personal access tokens' };

function tokenStatus(token: { revokedAt: Date | null; expiresAt: Date | null }, now: Date) {
  if (token.revokedAt) return <Badge tone="danger">Revoked</Badge>;
  if (token.expiresAt && token.expiresAt <= now) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

export default async function PersonalAccessTokensPage() {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/account/tokens');
  const tokens = await listPersonalAccessTokens(getServiceDeps(), user);
  const now = new Date();
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
            <DataTable head={['Token', 'Last used', 'Expires', 'Status', '']}>
              {tokens.map((t) => (
                <tr key={t.id} className={t.revokedAt ? 'opacity-60' : undefined}>
                  <Td>
                    <div className="font-medium text-zinc-900 dark:text-zinc-100">{t.name}</div>
                    <div className="font-mono text-xs whitespace-nowrap text-zinc-500">
                      {t.prefix}… · created {formatDay(t.createdAt)}
                    </div>
                  </Td>
                  <Td className="text-xs whitespace-nowrap text-zinc-500">
                    {t.lastUsedAt ? formatRelative(t.lastUsedAt, now) : 'Never'}
                  </Td>
                  <Td className="text-xs whitespace-nowrap text-zinc-500">
                    {t.expiresAt ? formatDay(t.expiresAt) : 'Never'}
                  </Td>
                  <Td>{tokenStatus(t, now)}</Td>
                  <Td>
                    {t.revokedAt ? null : (
                      <RevokePersonalAccessTokenButton tokenId={t.id} name={t.name} />
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
        <Panel title="Create a token">
          <CreatePersonalAccessTokenForm />
        </Panel>
      </div>
    </main>
  );
}
