import type { Metadata } from 'next';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { DeleteWorkspaceForm, SettingsForm } from '@/modules/settings/components/settings-form';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ saved?: string }>;
}) {
  const { slug } = await params;
  const { saved } = await searchParams;
  const page = await loadWorkspacePage(slug, 'workspace.update-settings');
  const header = (
    <PageHeader
      title="Settings"
      description="How this workspace's MCP endpoint behaves: limits, errors, caching and retention."
    />
  );
  if (page.kind === 'forbidden')
    return (
      <>
        {header}
        <Forbidden role={page.ctx.role} what="change workspace settings" />
      </>
    );
  const w = page.ctx.workspace;
  return (
    <>
      {header}
      <div className="space-y-6">
        {saved ? (
          <FormAlert tone="success">
            Settings saved. The workspace now lives at /w/{w.slug}.
          </FormAlert>
        ) : null}
        <Panel>
          <SettingsForm
            key={w.version}
            canEdit
            initial={{
              name: w.name,
              slug: w.slug,
              version: w.version,
              defaultCacheTtlSeconds: w.defaultCacheTtlSeconds,
              errorStyle: w.errorStyle,
              rateLimitPerMinute: w.rateLimitPerMinute,
              tokenRateLimitPerMinute: w.tokenRateLimitPerMinute,
              scriptMemoryMb: w.scriptMemoryMb,
              scriptCpuMs: w.scriptCpuMs,
              scriptWallMs: w.scriptWallMs,
              statementTimeoutMs: w.statementTimeoutMs,
              defaultRowCap: w.defaultRowCap,
              maxResultBytes: w.maxResultBytes,
              maxRequestBytes: w.maxRequestBytes,
              egressAllowList: w.egressAllowList,
              invocationRetentionDays: w.invocationRetentionDays,
              recordPayloads: w.recordPayloads,
            }}
          />
        </Panel>
        {page.can.has('workspace.delete') ? (
          <Panel title="Delete workspace" className="border-red-200 dark:border-red-900">
            <DeleteWorkspaceForm slug={w.slug} />
          </Panel>
        ) : null}
      </div>
    </>
  );
}
