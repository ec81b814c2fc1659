import { listTools } from '@toolplane/services';
import type { Metadata } from 'next';
import { ConnectClients } from '@/modules/connect/components/connect-clients';
import { mcpUrl } from '@/modules/connect/lib/client-snippets';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { CopyButton } from '@/modules/ui/components/copy-button';
import { PageHeader } from '@/modules/ui/components/page-header';

export const metadata: Metadata = { title: 'Connect' };

export default async function ConnectPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadWorkspacePage(slug, 'workspace.read');
  const url = mcpUrl(page.ctx.deps.runtimeUrl, page.ctx.workspace.slug);
  const tools = await listTools(page.ctx);
  return (
    <>
      <PageHeader
        title="Connect"
        description="Point any MCP client at your workspace's URL with an API token. Calls go through the same pipeline whichever client makes them."
      />
      <section
        aria-labelledby="mcp-url-label"
        className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 bg-white px-5 py-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id="mcp-url-label" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          MCP URL
        </h2>
        <code
          data-testid="mcp-url"
          className="min-w-0 flex-1 truncate rounded-md bg-zinc-100 px-2.5 py-1.5 font-mono text-sm text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
        >
          {url}
        </code>
        <CopyButton value={url} label="Copy URL" />
        <p className="w-full text-xs text-zinc-500">
          Streamable HTTP. Send{' '}
          <code className="font-mono">Authorization: Bearer &lt;token&gt;</code> with every request;{' '}
          {tools.filter((t) => t.enabled).length} enabled tool
          {tools.filter((t) => t.enabled).length === 1 ? '' : 's'} are served here.
        </p>
      </section>
      <ConnectClients
        slug={slug}
        url={url}
        canCreateToken={page.can.has('token.create')}
        toolNames={tools.map((t) => t.name)}
      />
    </>
  );
}
