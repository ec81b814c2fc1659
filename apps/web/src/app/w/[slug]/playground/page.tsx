import { listPolicies, listTools } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Playground } from '@/modules/playground/components/playground';
import { toolHeaderFields } from '@/modules/playground/lib/tool-header-fields';
import { toolInputFields } from '@/modules/playground/lib/tool-input-fields';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { ButtonLink } from '@/modules/ui/components/button';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { PageHeader } from '@/modules/ui/components/page-header';

export const metadata: Metadata = { title: 'Playground' };

function parseReplay(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export default async function PlaygroundPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ tool?: string; args?: string }>;
}) {
  const { slug } = await params;
  const { tool: selectedName, args } = await searchParams;
  const page = await loadWorkspacePage(slug, 'playground.run');
  const header = (
    <PageHeader
      title="Playground"
      description="Run a tool through the runtime, exactly as an agent would, and see what it returns."
    />
  );
  if (page.kind === 'forbidden')
    return (
      <>
        {header}
        <Forbidden role={page.ctx.role} what="run tools in the playground" />
      </>
    );
  const [tools, policies] = await Promise.all([listTools(page.ctx), listPolicies(page.ctx)]);
  if (tools.length === 0)
    return (
      <>
        {header}
        <EmptyState
          title="No tools to run yet"
          action={
            <ButtonLink variant="primary" href={`/w/${slug}/tools/new`}>
              New tool
            </ButtonLink>
          }
        >
          Create a tool first; then run it here with a form made from its inputs.
        </EmptyState>
      </>
    );
  const selected = tools.find((t) => t.name === selectedName) ?? tools[0]!;
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[13rem_1fr]">
        <nav aria-label="Tools" className="space-y-0.5">
          {tools.map((t) => (
            <Link
              key={t.id}
              href={`/w/${slug}/playground?tool=${encodeURIComponent(t.name)}`}
              aria-current={t.id === selected.id ? 'page' : undefined}
              className={`flex items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 font-mono text-xs ${
                t.id === selected.id
                  ? 'bg-white text-zinc-950 shadow-xs ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-white dark:ring-zinc-700'
                  : 'text-zinc-600 hover:bg-zinc-200/60 dark:text-zinc-400 dark:hover:bg-zinc-800'
              }`}
            >
              <span className="truncate">{t.name}</span>
              {t.enabled ? null : <Badge tone="warning">off</Badge>}
            </Link>
          ))}
        </nav>
        <Playground
          key={`${selected.id}:${args ?? ''}`}
          slug={slug}
          toolName={selected.name}
          fields={toolInputFields(selected.inputs)}
          headers={toolHeaderFields(selected, policies)}
          replay={parseReplay(args)}
        />
      </div>
    </>
  );
}
