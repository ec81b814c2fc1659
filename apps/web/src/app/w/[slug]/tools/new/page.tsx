import { loadDraftContext } from '@toolplane/services';
import { emptyToolDraft } from '@toolplane/services/tool-draft';
import type { Metadata } from 'next';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { ToolEditor } from '@/modules/tools/components/tool-editor';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { PageHeader } from '@/modules/ui/components/page-header';

export const metadata: Metadata = { title: 'New tool' };

export default async function NewToolPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadWorkspacePage(slug, 'tool.create');
  if (page.kind === 'forbidden') return <Forbidden role={page.ctx.role} what="create tools" />;
  const context = await loadDraftContext(page.ctx);
  return (
    <>
      <PageHeader
        title="New tool"
        description="Saving creates version 1; every later save is a new immutable version."
      />
      <ToolEditor
        slug={slug}
        toolId={null}
        version={0}
        initial={emptyToolDraft()}
        context={context}
        readOnly={false}
      />
    </>
  );
}
