import { listConnectors } from '@toolplane/services';
import { notFound } from 'next/navigation';
import { ConnectorForm } from '@/modules/connectors/components/connector-form';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';

export default async function EditConnectorPage({
  params,
}: {
  params: Promise<{ slug: string; connectorId: string }>;
}) {
  const { slug, connectorId } = await params;
  const page = await loadWorkspacePage(slug, 'connector.update');
  if (page.kind === 'forbidden') return <Forbidden role={page.ctx.role} what="edit connectors" />;
  const connector = (await listConnectors(page.ctx)).find((c) => c.id === connectorId);
  if (!connector) notFound();
  return (
    <>
      <PageHeader
        title={`Connector ${connector.name}`}
        description="Leave the connection empty to keep the stored one."
      />
      <Panel className="max-w-2xl">
        <ConnectorForm
          slug={slug}
          connector={{
            id: connector.id,
            name: connector.name,
            type: connector.type,
            description: connector.description,
            version: connector.version,
            stored: connector.urlSecretRef
              ? `{{ env.${connector.urlSecretRef} }}`
              : connector.hasUrl
                ? 'an encrypted URL'
                : null,
          }}
        />
      </Panel>
    </>
  );
}
