import { toolDefinitionOf } from '@toolplane/db';
import { getTool, getToolHistory, loadDraftContext } from '@toolplane/services';
import type { ToolDraft } from '@toolplane/services/tool-draft';
import type { Metadata } from 'next';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { ToolEditor } from '@/modules/tools/components/tool-editor';
import { ToolHistory } from '@/modules/tools/components/tool-history';
import { ButtonLink } from '@/modules/ui/components/button';
import { PageHeader } from '@/modules/ui/components/page-header';

export const metadata: Metadata = { title: 'Tool' };

export default async function ToolPage({
  params,
}: {
  params: Promise<{ slug: string; toolId: string }>;
}) {
  const { slug, toolId } = await params;
  const page = await loadWorkspacePage(slug, 'tool.read');
  const [tool, history, context] = await Promise.all([
    getTool(page.ctx, toolId),
    getToolHistory(page.ctx, toolId),
    loadDraftContext(page.ctx),
  ]);
  const draft = toolDefinitionOf(tool) as unknown as ToolDraft;
  const canEdit = page.can.has('tool.update');
  return (
    <>
      <PageHeader
        title={tool.name}
        description={tool.description || 'No description yet.'}
        actions={
          page.can.has('playground.run') ? (
            <ButtonLink href={`/w/${slug}/playground?tool=${encodeURIComponent(tool.name)}`}>
              Run in playground
            </ButtonLink>
          ) : null
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <ToolEditor
          key={tool.version}
          slug={slug}
          toolId={tool.id}
          version={tool.version}
          initial={draft}
          context={context}
          readOnly={!canEdit}
        />
        <ToolHistory
          slug={slug}
          toolId={tool.id}
          currentVersion={tool.version}
          canRollback={page.can.has('tool.rollback')}
          versions={history.map((v) => ({
            version: v.version,
            createdAt: v.createdAt.toISOString(),
            definition: v.definition as Record<string, unknown>,
          }))}
        />
      </div>
    </>
  );
}
