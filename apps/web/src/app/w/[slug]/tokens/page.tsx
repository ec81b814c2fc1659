import { listTokens, listTools } from '@toolplane/services';
import type { Metadata } from 'next';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { CreateTokenForm } from '@/modules/tokens/components/create-token-form';
import { RevokeTokenButton } from '@/modules/tokens/components/revoke-token-button';
import { TokenTable } from '@/modules/tokens/components/token-table';
import { Badge } from '@/modules/ui/components/badge';
import { ButtonLink } from '@/modules/ui/components/button';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';

export const metadata: Metadata = { title: 'API tokens' };

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
            <TokenTable
              tokens={tokens}
              access={(t) => (
                <>
                  <div>{t.allTools ? 'All tools' : t.toolNames.join(', ')}</div>
                  {t.scopes.length > 0 ? (
                    <span className="mt-1 flex flex-wrap gap-1">
                      {t.scopes.map((s) => (
                        <Badge key={s}>{s}</Badge>
                      ))}
                    </span>
                  ) : null}
                </>
              )}
              revokeButton={(t) => <RevokeTokenButton slug={slug} tokenId={t.id} name={t.name} />}
            />
          )}
        </div>
        <Panel title="Create a token">
          <CreateTokenForm slug={slug} toolNames={tools.map((t) => t.name)} />
        </Panel>
      </div>
    </>
  );
}
