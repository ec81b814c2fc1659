import { PIPELINE_STAGES } from '../lib/pipeline-stages';

/**
 * Per-stage durations as a waterfall: each bar starts where the previous stages ended, so the
 * slow stage of a call stands out.
 */
export function StageWaterfall({
  timings,
  failedStage,
}: {
  timings: unknown;
  failedStage?: string | null;
}) {
  const record = (timings && typeof timings === 'object' ? timings : {}) as Record<string, unknown>;
  const rows = PIPELINE_STAGES.filter((s) => typeof record[s] === 'number').map((stage) => ({
    stage,
    ms: record[stage] as number,
  }));
  if (rows.length === 0) return <p className="text-xs text-zinc-500">No stage timings recorded.</p>;
  const total = rows.reduce((sum, r) => sum + r.ms, 0) || 1;
  let offset = 0;
  return (
    <ol className="space-y-1.5" aria-label="Stage timings">
      {rows.map((r) => {
        const left = (offset / total) * 100;
        offset += r.ms;
        const width = Math.max((r.ms / total) * 100, 0.8);
        return (
          <li key={r.stage} className="grid grid-cols-[9rem_1fr_4.5rem] items-center gap-3 text-xs">
            <span className="truncate font-mono text-zinc-600 dark:text-zinc-400">{r.stage}</span>
            {/* SVG geometry, not inline styles: the CSP admits no style attributes. */}
            <svg
              viewBox="0 0 100 10"
              preserveAspectRatio="none"
              className="h-2.5 w-full rounded-sm bg-zinc-100 dark:bg-zinc-800"
              aria-hidden="true"
            >
              <rect
                x={left}
                width={width}
                height="10"
                rx="0.6"
                className={r.stage === failedStage ? 'fill-red-500' : 'fill-accent-500'}
              />
            </svg>
            <span className="text-right tabular-nums text-zinc-700 dark:text-zinc-300">
              {formatMs(r.ms)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function formatMs(ms: number): string {
  return ms < 1
    ? `${(ms * 1000).toFixed(0)} µs`
    : ms < 100
      ? `${ms.toFixed(1)} ms`
      : `${Math.round(ms)} ms`;
}
