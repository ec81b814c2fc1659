import { listActivity, listTokens, listTools } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ActivityCharts } from '@/modules/activity/components/activity-charts';
import { PIPELINE_STAGES } from '@/modules/activity/lib/pipeline-stages';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { ButtonLink } from '@/modules/ui/components/button';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { EmptyState } from '@/modules/ui/components/empty-state';
import { PageHeader } from '@/modules/ui/components/page-header';
import { formatDate } from '@/modules/ui/lib/format-date';

export const metadata: Metadata = { title: 'Activity' };

const RANGES = [
  { hours: 1, label: 'Last hour' },
  { hours: 24, label: 'Last 24 hours' },
  { hours: 24 * 7, label: 'Last 7 days' },
  { hours: 24 * 30, label: 'Last 30 days' },
];

type Search = {
  tool?: string;
  status?: string;
  stage?: string;
  token?: string;
  range?: string;
  cursor?: string;
};

const select =
  'rounded-lg border border-zinc-300 bg-white px-2.5 py-1.5 text-sm shadow-xs dark:border-zinc-700 dark:bg-zinc-900';

export default async function ActivityPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Search>;
}) {
  const { slug } = await params;
  const search = await searchParams;
  const page = await loadWorkspacePage(slug, 'activity.list');
  const rangeHours = RANGES.some((r) => String(r.hours) === search.range)
    ? Number(search.range)
    : 24;
  const status = search.status === 'ok' || search.status === 'error' ? search.status : undefined;
  const [{ items, nextCursor, stats }, tools, tokens] = await Promise.all([
    listActivity(page.ctx, {
      rangeHours,
      ...(search.tool ? { toolName: search.tool } : {}),
      ...(status ? { status } : {}),
      ...(search.stage ? { stage: search.stage } : {}),
      ...(search.token ? { tokenId: search.token } : {}),
      cursor: search.cursor ?? null,
    }),
    listTools(page.ctx),
    page.can.has('token.list') ? listTokens(page.ctx) : Promise.resolve([]),
  ]);
  const tokenNames = new Map(tokens.map((t) => [t.id, t.name]));
  const bucketSeconds = rangeHours <= 6 ? 300 : rangeHours <= 48 ? 3600 : 86_400;
  const nextQuery = new URLSearchParams(
    Object.entries({ ...search, cursor: nextCursor ?? '' }).filter(([, v]) => v) as [
      string,
      string,
    ][],
  );
  const filtered = Boolean(search.tool || status || search.stage || search.token);
  return (
    <>
      <PageHeader
        title="Activity"
        description="Every call to your MCP URL: who called what, how it went and how long it took."
      />
      <form className="mb-5 flex flex-wrap items-end gap-3" aria-label="Filter activity">
        <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Tool
          <select name="tool" defaultValue={search.tool ?? ''} className={`${select} mt-1 block`}>
            <option value="">All tools</option>
            {tools.map((t) => (
              <option key={t.id} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Status
          <select name="status" defaultValue={status ?? ''} className={`${select} mt-1 block`}>
            <option value="">Any</option>
            <option value="ok">Succeeded</option>
            <option value="error">Failed</option>
          </select>
        </label>
        <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Stage
          <select name="stage" defaultValue={search.stage ?? ''} className={`${select} mt-1 block`}>
            <option value="">Any</option>
            {PIPELINE_STAGES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {tokens.length > 0 ? (
          <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Token
            <select
              name="token"
              defaultValue={search.token ?? ''}
              className={`${select} mt-1 block`}
            >
              <option value="">Any</option>
              {tokens.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Time range
          <select name="range" defaultValue={String(rangeHours)} className={`${select} mt-1 block`}>
            {RANGES.map((r) => (
              <option key={r.hours} value={r.hours}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-medium text-white shadow-xs hover:bg-accent-500"
        >
          Apply
        </button>
        {filtered ? (
          <Link
            href={`/w/${slug}/activity?range=${rangeHours}`}
            className="py-1.5 text-sm text-zinc-600 hover:text-zinc-900"
          >
            Clear filters
          </Link>
        ) : null}
      </form>
      <div className="mb-6">
        <ActivityCharts
          bucketSeconds={bucketSeconds}
          errorsByStage={stats.errorsByStage}
          buckets={stats.buckets.map((b) => ({ ...b, at: b.at.toISOString() }))}
        />
      </div>
      {items.length === 0 ? (
        <EmptyState
          title={filtered ? 'No calls match these filters' : 'No calls yet'}
          action={
            filtered ? undefined : (
              <ButtonLink href={`/w/${slug}/connect`} variant="primary">
                Connect a client
              </ButtonLink>
            )
          }
        >
          {filtered
            ? 'Try a wider time range or clear the filters.'
            : 'Calls appear here a second after an agent or the playground makes them.'}
        </EmptyState>
      ) : (
        <>
          <DataTable head={['Time', 'Tool', 'Status', 'Stage', 'Caller', 'Duration', 'Cache']}>
            {items.map((i) => (
              <tr key={i.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                <Td className="text-xs whitespace-nowrap">
                  <Link
                    href={`/w/${slug}/activity/${i.id}`}
                    className="text-accent-700 hover:underline dark:text-accent-400"
                  >
                    {formatDate(i.createdAt)}
                  </Link>
                </Td>
                <Td className="font-mono text-xs">{i.toolName}</Td>
                <Td>
                  {i.status === 'ok' ? (
                    <Badge tone="success">ok</Badge>
                  ) : (
                    <Badge tone="danger">{i.errorCode ?? 'error'}</Badge>
                  )}
                </Td>
                <Td className="text-xs">
                  {i.errorStage ?? <span className="text-zinc-400">—</span>}
                </Td>
                <Td className="text-xs">
                  {i.tokenId
                    ? (tokenNames.get(i.tokenId) ?? 'token')
                    : i.userId
                      ? 'Playground'
                      : '—'}
                </Td>
                <Td className="text-xs tabular-nums">{i.durationMs} ms</Td>
                <Td>
                  {i.cacheHit ? (
                    <Badge tone="accent">hit</Badge>
                  ) : (
                    <span className="text-xs text-zinc-400">miss</span>
                  )}
                </Td>
              </tr>
            ))}
          </DataTable>
          {nextCursor ? (
            <div className="mt-4 flex justify-center">
              <ButtonLink href={`/w/${slug}/activity?${nextQuery.toString()}`}>
                Older calls
              </ButtonLink>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
