import { listPolicies } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DeletePolicyButton, PolicyForm } from '@/modules/policies/components/policy-form';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';

export const metadata: Metadata = { title: 'Auth policy' };

export default async function PolicyPage({
  params,
}: {
  params: Promise<{ slug: string; policyId: string }>;
}) {
  const { slug, policyId } = await params;
  const page = await loadWorkspacePage(slug, 'policy.update');
  if (page.kind === 'forbidden')
    return <Forbidden role={page.ctx.role} what="edit auth policies" />;
  const policy = (await listPolicies(page.ctx)).find((p) => p.id === policyId);
  if (!policy) notFound();
  return (
    <>
      <PageHeader
        title={policy.name}
        description={
          <Link href={`/w/${slug}/policies`} className="hover:underline">
            ← All policies
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel>
          <PolicyForm
            slug={slug}
            policy={{
              id: policy.id,
              version: policy.version,
              name: policy.name,
              description: policy.description,
              plugin: policy.plugin,
              params: policy.params,
              scriptSource: policy.scriptSource,
            }}
          />
        </Panel>
        <Panel title="Used by">
          {policy.usedBy.length === 0 ? (
            <p className="text-sm text-zinc-500">No tool uses this policy.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {policy.usedBy.map((t) => (
                <li key={t.id}>
                  <Link
                    href={`/w/${slug}/tools/${t.id}`}
                    className="font-mono text-accent-700 hover:underline dark:text-accent-400"
                  >
                    {t.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-5 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <DeletePolicyButton slug={slug} policyId={policy.id} name={policy.name} />
          </div>
        </Panel>
      </div>
    </>
  );
}
