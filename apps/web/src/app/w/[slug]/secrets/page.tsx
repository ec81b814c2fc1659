import { listSecrets } from '@toolplane/services';
import type { Metadata } from 'next';
import {
  CreateSecretForm,
  DeleteSecretButton,
  RotateSecretForm,
} from '@/modules/secrets/components/secret-forms';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';

export const metadata: Metadata = { title: 'Secrets' };

export default async function SecretsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadWorkspacePage(slug, 'secret.list');
  const secrets = await listSecrets(page.ctx);
  const canEdit = page.can.has('secret.set');
  return (
    <>
      <PageHeader
        title="Secrets"
        description={
          <>
            Values your statements and scripts read as{' '}
            <code className="font-mono">{'{{ env.NAME }}'}</code>. Encrypted per workspace; never
            shown again after saving.
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div>
          {secrets.length === 0 ? (
            <EmptyState title="No secrets yet">
              Store API keys and passwords here, then reference them from connectors and tools
              instead of pasting them in.
            </EmptyState>
          ) : (
            <DataTable head={['Name', 'Version', 'Used by', 'Updated', '']}>
              {secrets.map((s) => (
                <tr key={s.id}>
                  <Td className="font-mono text-xs font-medium text-zinc-900 dark:text-zinc-100">
                    {s.name}
                  </Td>
                  <Td>
                    <Badge>v{s.version}</Badge>
                  </Td>
                  <Td>
                    {s.usedBy.length === 0 ? (
                      <span className="text-xs text-zinc-400">Not referenced</span>
                    ) : (
                      <span className="flex flex-wrap gap-1">
                        {s.usedBy.map((r) => (
                          <Badge key={r.id} tone={r.kind === 'tool' ? 'accent' : 'neutral'}>
                            {r.kind}: {r.name}
                          </Badge>
                        ))}
                      </span>
                    )}
                  </Td>
                  <Td className="text-xs text-zinc-500">{s.updatedAt.toLocaleString('en')}</Td>
                  <Td>
                    {canEdit ? (
                      <div className="flex items-center justify-end gap-4">
                        <RotateSecretForm slug={slug} name={s.name} />
                        <DeleteSecretButton slug={slug} name={s.name} inUse={s.usedBy.length > 0} />
                      </div>
                    ) : null}
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
        {canEdit ? (
          <Panel title="Add a secret">
            <CreateSecretForm slug={slug} />
          </Panel>
        ) : null}
      </div>
    </>
  );
}
