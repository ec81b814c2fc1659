import { listConnectors } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ConnectorForm } from '@/modules/connectors/components/connector-form';
import { DeleteConnectorButton } from '@/modules/connectors/components/delete-connector-button';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';

export const metadata: Metadata = { title: 'Connectors' };

const TYPE_LABEL: Record<string, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
  redis: 'Redis',
};

export default async function ConnectorsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadWorkspacePage(slug, 'connector.list');
  const connectors = await listConnectors(page.ctx);
  const canEdit = page.can.has('connector.create');
  return (
    <>
      <PageHeader
        title="Connectors"
        description="The databases your statement tools run against. Credentials are encrypted and write-only."
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <div>
          {connectors.length === 0 ? (
            <EmptyState title="No connectors yet">
              Add your first PostgreSQL, MySQL or Redis connection{canEdit ? ' with the form' : ''},
              then create a tool that queries it.
            </EmptyState>
          ) : (
            <DataTable head={['Name', 'Type', 'Connection', 'Updated', '']}>
              {connectors.map((c) => (
                <tr key={c.id}>
                  <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                    {canEdit ? (
                      <Link className="hover:underline" href={`/w/${slug}/connectors/${c.id}`}>
                        {c.name}
                      </Link>
                    ) : (
                      c.name
                    )}
                  </Td>
                  <Td>
                    <Badge tone="accent">{TYPE_LABEL[c.type] ?? c.type}</Badge>
                  </Td>
                  <Td className="font-mono text-xs">
                    {c.urlSecretRef
                      ? `{{ env.${c.urlSecretRef} }}`
                      : c.hasUrl
                        ? '•••••••• (set)'
                        : '—'}
                  </Td>
                  <Td className="text-xs text-zinc-500">{c.updatedAt.toLocaleString('en')}</Td>
                  <Td className="text-right">
                    {canEdit ? <DeleteConnectorButton slug={slug} id={c.id} name={c.name} /> : null}
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
        {canEdit ? (
          <Panel
            title="New connector"
            description="Test before you save: the check uses the runtime's drivers and network policy."
          >
            <ConnectorForm slug={slug} />
          </Panel>
        ) : null}
      </div>
    </>
  );
}
