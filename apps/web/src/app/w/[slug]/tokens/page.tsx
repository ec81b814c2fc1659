import { listTokens, listTools } from '@toolplane/services';
import type { Metadata } from 'next';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { CreateTokenForm } from '@/modules/tokens/components/create-token-form';
import { RevokeTokenButton } from '@/modules/tokens/components/revoke-token-button';
import { Badge } from '@/modules/ui/components/badge';
import { ButtonLink } from '@/modules/ui/components/button';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';
import { formatDay, formatRelative } from '@/modules/ui/lib/format-date';

export const metadata: Metadata = { title: 'API tokens' };

function tokenStatus(token: { revokedAt: Date | null; expiresAt: Date | null }, now: Date) {
  if (token.revokedAt) return <Badge tone="danger">Revoked</Badge>;
  if (token.expiresAt && token.expiresAt <= now) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

export default async function TokensPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadWorkspacePage(slug, 'token.list');
  const header = (
    <PageHeader
      title="API tokens"
      description="Agents send a token with every call to your MCP URL. Each token is shown once, when it is created."
      actions={
        <ButtonLink href={`/w/${slug}/connect`} variant="secondary">
          Connect a client
        </ButtonLink>
      }
    />
  );
  if (page.kind === 'forbidden')
    return (
      <>
        {header}
        <Forbidden role={page.ctx.role} what="manage API tokens" />
      </>
    );
  const [tokens, tools] = await Promise.all([listTokens(page.ctx), listTools(page.ctx)]);
  const now = new Date();
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
          {tokens.length === 0 ? (
            <EmptyState title="No tokens yet">
              Create a token for each client or teammate, so you can revoke one without touching the
              others. Then paste the configuration from the Connect page.
            </EmptyState>
          ) : (
            <DataTable head={['Token', 'Access', 'Last used', 'Expires', 'Status', '']}>
              {tokens.map((t) => (
                <tr key={t.id} className={t.revokedAt ? 'opacity-60' : undefined}>
                  <Td>
                    <div className="font-medium text-zinc-900 dark:text-zinc-100">{t.name}</div>
                    <div className="font-mono text-xs whitespace-nowrap text-zinc-500">
                      {t.prefix}… · created {formatDay(t.createdAt)}
                    </div>
                  </Td>
                  <Td className="text-xs">
                    <div>{t.allTools ? 'All tools' : t.toolNames.join(', ')}</div>
                    {t.scopes.length > 0 ? (
                      <span className="mt-1 flex flex-wrap gap-1">
                        {t.scopes.map((s) => (
                          <Badge key={s}>{s}</Badge>
                        ))}
                      </span>
                    ) : null}
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
                      <RevokeTokenButton slug={slug} tokenId={t.id} name={t.name} />
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
        <Panel title="Create a token">
          <CreateTokenForm slug={slug} toolNames={tools.map((t) => t.name)} />
        </Panel>
      </div>
    </>
  );
}
