import { newId } from '../ids';
import type { InvocationInput } from './insert-invocations';

/** What the SQL writer needs of a pg Pool or Client. */
export interface SqlQueryable {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<unknown>;
}

// One statement for any batch size: one array per column, unnested into rows. The text never
// changes, so it is prepared once per connection (a named statement) and planned once.
const INSERT_TEXT = `INSERT INTO invocations (id, workspace_id, tool_name, tool_id, tool_version,
  token_id, user_id, status, error_code, error_stage, error_message, duration_ms, stage_timings,
  cache_hit, console, inputs, result_preview, request_id, created_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[],
  $7::text[], $8::invocation_status[], $9::text[], $10::text[], $11::text[], $12::int[],
  $13::jsonb[], $14::boolean[], $15::jsonb[], $16::jsonb[], $17::jsonb[], $18::text[],
  $19::timestamptz[])`;

/**
 * Writes a batch of invocation records with one INSERT through plain `pg` (the same rows
 * `insertInvocations` writes through Prisma, without Prisma's per-row query building: the
 * runtime's log writer runs beside the hot path, so its CPU is the hot path's CPU).
 * Returns how many were written.
 */
export async function insertInvocationsSql(
  client: SqlQueryable,
  invocations: readonly InvocationInput[],
): Promise<number> {
  const n = invocations.length;
  if (n === 0) return 0;
  const columns: unknown[][] = Array.from({ length: 19 }, () => new Array(n));
  for (let i = 0; i < n; i++) {
    const call = invocations[i]!;
    const createdAt = call.createdAt ?? new Date();
    columns[0]![i] = newId('call', createdAt.getTime());
    columns[1]![i] = call.workspaceId;
    columns[2]![i] = call.toolName;
    columns[3]![i] = call.toolId ?? null;
    columns[4]![i] = call.toolVersion ?? null;
    columns[5]![i] = call.tokenId ?? null;
    columns[6]![i] = call.userId ?? null;
    columns[7]![i] = call.status;
    columns[8]![i] = call.errorCode ?? null;
    columns[9]![i] = call.errorStage ?? null;
    columns[10]![i] = call.errorMessage ?? null;
    columns[11]![i] = Math.max(0, Math.round(call.durationMs));
    columns[12]![i] = JSON.stringify(call.stageTimings ?? {});
    columns[13]![i] = call.cacheHit ?? false;
    columns[14]![i] = JSON.stringify(call.console ?? []);
    columns[15]![i] = call.inputs == null ? null : JSON.stringify(call.inputs);
    columns[16]![i] = call.resultPreview == null ? null : JSON.stringify(call.resultPreview);
    columns[17]![i] = call.requestId;
    columns[18]![i] = createdAt.toISOString();
  }
  await client.query({ name: 'tp_insert_invocations', text: INSERT_TEXT, values: columns });
  return n;
}
