import type { Db } from '../client';

export interface InvocationBucket {
  /** Start of the bucket. */
  at: Date;
  calls: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
}

export interface InvocationStats {
  buckets: InvocationBucket[];
  /** Errors per failing stage over the whole range. */
  errorsByStage: { stage: string; count: number }[];
}

/**
 * Calls, errors and p50/p95 latency per time bucket, and errors by stage, for the dashboard's
 * charts. One pass over the workspace+time index.
 */
export async function getInvocationStats(
  db: Db,
  workspaceId: string,
  options: { since: Date; bucketSeconds: number; toolName?: string; tokenId?: string },
): Promise<InvocationStats> {
  const bucket = Math.max(60, Math.floor(options.bucketSeconds));
  const tool = options.toolName ?? null;
  const token = options.tokenId ?? null;
  const rows = await db.$queryRaw<
    { at: Date; calls: bigint; errors: bigint; p50: number | null; p95: number | null }[]
  >`
    SELECT to_timestamp(floor(extract(epoch FROM created_at) / ${bucket}) * ${bucket}) AS at,
           count(*) AS calls,
           count(*) FILTER (WHERE status = 'error') AS errors,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95
      FROM invocations
     WHERE workspace_id = ${workspaceId} AND created_at >= ${options.since}
       AND (${tool}::text IS NULL OR tool_name = ${tool})
       AND (${token}::text IS NULL OR token_id = ${token})
     GROUP BY 1 ORDER BY 1`;
  const stages = await db.$queryRaw<{ stage: string; count: bigint }[]>`
    SELECT coalesce(error_stage, 'unknown') AS stage, count(*) AS count
      FROM invocations
     WHERE workspace_id = ${workspaceId} AND created_at >= ${options.since} AND status = 'error'
       AND (${tool}::text IS NULL OR tool_name = ${tool})
       AND (${token}::text IS NULL OR token_id = ${token})
     GROUP BY 1 ORDER BY 2 DESC`;
  return {
    buckets: rows.map((row) => ({
      at: row.at,
      calls: Number(row.calls),
      errors: Number(row.errors),
      p50Ms: row.p50 === null ? null : Math.round(row.p50),
      p95Ms: row.p95 === null ? null : Math.round(row.p95),
    })),
    errorsByStage: stages.map((row) => ({ stage: row.stage, count: Number(row.count) })),
  };
}
