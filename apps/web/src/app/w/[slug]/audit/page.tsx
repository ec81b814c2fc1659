import { listAudit, ServiceError } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { ButtonLink } from '@/modules/ui/components/button';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { Forbidden } from '@/modules/ui/components/forbidden';
import { PageHeader } from '@/modules/ui/components/page-header';
import { formatDate } from '@/modules/ui/lib/format-date';

export const metadata: Metadata = { title: 'Audit log' };

const PAGE_SIZE = 100;

const TARGETS = [
  'tool',
  'connector',
  'secret',
  'policy',
  'token',
  'membership',
  'invitation',
  'workspace',
];

function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="min-w-0">
      <p className="mb-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">
        {label}
      </p>
      <pre className="max-h-64 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[11px] leading-relaxed text-zinc-800 ring-1 ring-zinc-200 dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ target?: string; cursor?: string }>;
}) {
  const { slug } = await params;
  const { target, cursor } = await searchParams;
  const page = await loadWorkspacePage(slug, 'audit.list');
  const header = (
    <PageHeader
      title="Audit log"
      description="Every change made in this workspace: who, what, when, and the values before and after. Secret values are never recorded."
    />
  );
  if (page.kind === 'forbidden')
    return (
      <>
        {header}
        <Forbidden role={page.ctx.role} what="read the audit log" />
      </>
    );
  const targetType = target && TARGETS.includes(target) ? target : undefined;
  const firstPage = `/w/${slug}/audit${targetType ? `?target=${targetType}` : ''}`;
  const result = await listAudit(page.ctx, {
    ...(targetType ? { targetType } : {}),
    cursor: cursor ?? null,
    limit: PAGE_SIZE,
  }).catch((error: unknown) => {
    // A hand-edited or stale link: offer the newest page instead of an error page.
    if (error instanceof ServiceError && error.code === 'INVALID') return null;
    throw error;
  });
  if (!result)
    return (
      <>
        {header}
        <EmptyState
          title="This page of the log is not available"
          action={<ButtonLink href={firstPage}>Newest changes</ButtonLink>}
        >
          The link was edited or cut short; start again from the newest change.
        </EmptyState>
      </>
    );
  const { items: events, nextCursor } = result;
  return (
    <>
      {header}
      <nav aria-label="Filter by target" className="mb-4 flex flex-wrap gap-1.5">
        {['', ...TARGETS].map((t) => (
          <Link
            key={t || 'all'}
            href={t ? `/w/${slug}/audit?target=${t}` : `/w/${slug}/audit`}
            aria-current={(target ?? '') === t ? 'page' : undefined}
            className={`rounded-md px-2.5 py-1 text-xs font-medium ${
              (target ?? '') === t
                ? 'bg-accent-50 text-accent-700 ring-1 ring-accent-200 dark:bg-accent-950 dark:text-accent-300'
                : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800'
            }`}
          >
            {t ? (t === 'policy' ? 'policies' : `${t}s`) : 'Everything'}
          </Link>
        ))}
      </nav>
      {events.length === 0 ? (
        <EmptyState title="Nothing recorded yet">
          Changes to tools, connectors, secrets, tokens, members and settings appear here as they
          are made.
        </EmptyState>
      ) : (
        <DataTable head={['When', 'Who', 'Action', 'Target', 'Change']}>
          {events.map((e) => (
            <tr key={e.id} className="align-top">
              <Td className="text-xs whitespace-nowrap text-zinc-500">{formatDate(e.createdAt)}</Td>
              <Td className="text-xs">
                {e.actorEmail ?? (e.actorUserId ? 'Former member' : 'System')}
              </Td>
              <Td>
                <Badge tone="accent">{e.action}</Badge>
              </Td>
              <Td className="text-xs">
                {e.targetType}
                {e.targetId ? (
                  <span className="block font-mono text-[11px] text-zinc-400">{e.targetId}</span>
                ) : null}
              </Td>
              <Td className="w-[40%]">
                {e.before === null && e.after === null ? (
                  <span className="text-xs text-zinc-400">—</span>
                ) : (
                  <details>
                    <summary className="cursor-pointer text-xs font-medium text-accent-700 dark:text-accent-400">
                      Before / after
                    </summary>
                    <div className="mt-2 grid gap-2 md:grid-cols-2">
                      <Change label="Before" value={e.before} />
                      <Change label="After" value={e.after} />
                    </div>
                  </details>
                )}
              </Td>
            </tr>
          ))}
        </DataTable>
      )}
      {nextCursor ? (
        <div className="mt-4 flex justify-center">
          <ButtonLink
            href={`/w/${slug}/audit?${new URLSearchParams({ ...(targetType ? { target: targetType } : {}), cursor: nextCursor })}`}
          >
            Older changes
          </ButtonLink>
        </div>
      ) : null}
    </>
  );
}
