import { getActivity, listTokens, ServiceError } from '@toolplane/services';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { StageWaterfall } from '@/modules/activity/components/stage-waterfall';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { ButtonLink } from '@/modules/ui/components/button';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';
import { formatDate } from '@/modules/ui/lib/format-date';

export const metadata: Metadata = { title: 'Call detail' };

function Json({ value }: { value: unknown }) {
  return (
    <pre className="max-h-96 overflow-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export default async function InvocationPage({
  params,
}: {
  params: Promise<{ slug: string; invocationId: string }>;
}) {
  const { slug, invocationId } = await params;
  const page = await loadWorkspacePage(slug, 'activity.list');
  const invocation = await getActivity(page.ctx, invocationId).catch((error: unknown) => {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const payloads = page.can.has('activity.read-payloads');
  const token =
    invocation.tokenId && page.can.has('token.list')
      ? (await listTokens(page.ctx)).find((t) => t.id === invocation.tokenId)
      : undefined;
  const caller = invocation.tokenId
    ? token
      ? `${token.name} (${token.prefix}…)`
      : 'An API token'
    : invocation.userId
      ? 'Playground (a member)'
      : '—';
  const replay = new URLSearchParams({ tool: invocation.toolName });
  if (payloads && invocation.inputs && typeof invocation.inputs === 'object')
    replay.set('args', JSON.stringify(invocation.inputs));
  const meta: [string, React.ReactNode][] = [
    [
      'Status',
      invocation.status === 'ok' ? (
        <Badge key="s" tone="success">
          ok
        </Badge>
      ) : (
        <Badge key="s" tone="danger">
          error
        </Badge>
      ),
    ],
    ['When', formatDate(invocation.createdAt)],
    ['Duration', `${invocation.durationMs} ms`],
    ['Cache', invocation.cacheHit ? 'hit' : 'miss'],
    ['Tool version', invocation.toolVersion ? `v${invocation.toolVersion}` : '—'],
    ['Caller', caller],
    [
      'Request id',
      <code key="r" className="font-mono text-xs">
        {invocation.requestId}
      </code>,
    ],
  ];
  return (
    <>
      <PageHeader
        title={invocation.toolName}
        description={
          <Link href={`/w/${slug}/activity`} className="hover:underline">
            ← All activity
          </Link>
        }
        actions={
          page.can.has('playground.run') ? (
            <ButtonLink variant="primary" href={`/w/${slug}/playground?${replay.toString()}`}>
              Replay in playground
            </ButtonLink>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <Panel title="Call">
          <dl className="space-y-2.5 text-sm">
            {meta.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-4">
                <dt className="text-zinc-500">{k}</dt>
                <dd className="min-w-0 text-right break-words text-zinc-900 dark:text-zinc-100">
                  {v}
                </dd>
              </div>
            ))}
          </dl>
        </Panel>
        <div className="space-y-6">
          {invocation.status === 'error' ? (
            <Panel title="Error">
              <p className="text-sm text-red-700 dark:text-red-300">
                <span className="font-mono">{invocation.errorCode}</span> at stage{' '}
                <span className="font-mono">{invocation.errorStage ?? 'unknown'}</span>
              </p>
              {invocation.errorMessage ? (
                <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
                  {invocation.errorMessage}
                </p>
              ) : null}
            </Panel>
          ) : null}
          <Panel title="Stages">
            <StageWaterfall timings={invocation.stageTimings} failedStage={invocation.errorStage} />
          </Panel>
          {payloads ? (
            <>
              <Panel title="Inputs">
                {invocation.inputs === null ? (
                  <p className="text-xs text-zinc-500">
                    Not recorded. Turn on “Record inputs and result previews” in Settings.
                  </p>
                ) : (
                  <Json value={invocation.inputs} />
                )}
              </Panel>
              <Panel title="Result preview">
                {invocation.resultPreview === null ? (
                  <p className="text-xs text-zinc-500">Not recorded.</p>
                ) : (
                  <Json value={invocation.resultPreview} />
                )}
              </Panel>
              {Array.isArray(invocation.console) && invocation.console.length > 0 ? (
                <Panel title="Console">
                  <Json value={invocation.console} />
                </Panel>
              ) : null}
            </>
          ) : (
            <p className="text-xs text-zinc-500">Inputs and results are hidden from viewers.</p>
          )}
        </div>
      </div>
    </>
  );
}
