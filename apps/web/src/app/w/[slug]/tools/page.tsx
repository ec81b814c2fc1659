import { listTools } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { ButtonLink } from '@/modules/ui/components/button';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';

export const metadata: Metadata = { title: 'Tools' };

export default async function ToolsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ q?: string }>;
}) {
  const { slug } = await params;
  const { q = '' } = await searchParams;
  const page = await loadWorkspacePage(slug, 'tool.list');
  const tools = await listTools(page.ctx, q);
  const canCreate = page.can.has('tool.create');
  return (
    <>
      <PageHeader
        title="Tools"
        description="What agents can call at your workspace's MCP URL."
        actions={
          canCreate ? (
            <ButtonLink variant="primary" href={`/w/${slug}/tools/new`}>
              New tool
            </ButtonLink>
          ) : null
        }
      />
      <search className="mb-4">
        <form>
          <label htmlFor="tool-search" className="sr-only">
            Search tools
          </label>
          <input
            id="tool-search"
            name="q"
            defaultValue={q}
            placeholder="Search by name or description…"
            className="w-full max-w-sm rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs dark:border-zinc-700 dark:bg-zinc-900"
          />
        </form>
      </search>
      {tools.length === 0 ? (
        q ? (
          <EmptyState title={`No tools match “${q}”`}>Try another search.</EmptyState>
        ) : (
          <EmptyState
            title="Create your first tool"
            action={
              canCreate ? (
                <ButtonLink variant="primary" href={`/w/${slug}/tools/new`}>
                  New tool
                </ButtonLink>
              ) : null
            }
          >
            A tool is a SQL or Redis statement, or a JavaScript/TypeScript handler. Add a connector
            first if it queries a database.
          </EmptyState>
        )
      ) : (
        <DataTable head={['Name', 'Kind', 'Status', 'Version', 'Updated']}>
          {tools.map((t) => (
            <tr key={t.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
              <Td>
                <Link
                  href={`/w/${slug}/tools/${t.id}`}
                  className="font-mono text-sm font-medium text-zinc-900 hover:underline dark:text-zinc-100"
                >
                  {t.name}
                </Link>
                {t.description ? (
                  <p className="mt-0.5 max-w-md truncate text-xs text-zinc-500">{t.description}</p>
                ) : null}
              </Td>
              <Td>
                <Badge tone="accent">{t.kind}</Badge>
              </Td>
              <Td>{t.enabled ? <Badge tone="success">enabled</Badge> : <Badge>disabled</Badge>}</Td>
              <Td className="text-xs">v{t.version}</Td>
              <Td className="text-xs text-zinc-500">{t.updatedAt.toLocaleString('en')}</Td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
