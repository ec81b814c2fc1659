import { listPolicies } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { PolicyForm } from '@/modules/policies/components/policy-form';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';

export const metadata: Metadata = { title: 'Auth policies' };

export default async function PoliciesPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadWorkspacePage(slug, 'policy.list');
  const policies = await listPolicies(page.ctx);
  const canEdit = page.can.has('policy.create');
  return (
    <>
      <PageHeader
        title="Auth policies"
        description="Checks a call must pass after its token, reusable across tools: an API key header, a JWT, token scopes or your own script."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          {policies.length === 0 ? (
            <EmptyState title="No auth policies yet">
              Tools without a policy are callable by any valid token. Create a policy, then choose
              it in a tool's settings.
            </EmptyState>
          ) : (
            <DataTable head={['Name', 'Plugin', 'Used by', '']}>
              {policies.map((p) => (
                <tr key={p.id}>
                  <Td>
                    <div className="font-medium text-zinc-900 dark:text-zinc-100">{p.name}</div>
                    {p.description ? (
                      <div className="text-xs text-zinc-500">{p.description}</div>
                    ) : null}
                  </Td>
                  <Td>
                    <Badge tone="accent">{p.plugin}</Badge>
                  </Td>
                  <Td className="text-xs">
                    {p.usedBy.length === 0 ? (
                      <span className="text-zinc-400">No tools</span>
                    ) : (
                      p.usedBy.map((t) => t.name).join(', ')
                    )}
                  </Td>
                  <Td className="text-right">
                    <Link
                      href={`/w/${slug}/policies/${p.id}`}
                      className="text-xs font-medium text-accent-700 hover:underline dark:text-accent-400"
                    >
                      {canEdit ? 'Edit' : 'View'}
                    </Link>
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
        {canEdit ? (
          <Panel title="New policy">
            <PolicyForm slug={slug} />
          </Panel>
        ) : null}
      </div>
    </>
  );
}
