import { newId } from '../ids';
import type { InvocationInput } from './insert-invocations';

/** What the COPY writer needs of a pg Pool: a client to run one submittable on. */
export interface CopyTarget {
  connect(): Promise<{ query(submittable: object): unknown; release(error?: Error): void }>;
}

const COPY_TEXT = `COPY invocations (id, workspace_id, tool_name, tool_id, tool_version, token_id,
  user_id, status, error_code, error_stage, error_message, duration_ms, stage_timings, cache_hit,
  console, inputs, result_preview, request_id, created_at) FROM STDIN`;

const SPECIAL = /[\\\n\r\t\0]/;
const SPECIALS = /[\\\n\r\t\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** A value in COPY's text format; `\N` is NULL. PostgreSQL text cannot hold NUL: it is dropped. */
function field(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c] ?? '') : value;
}

/** A pg "submittable" (client.query(new CopyIn(…))): COPY … FROM STDIN with one data chunk. */
class CopyIn {
  readonly text = COPY_TEXT;
  private error: Error | undefined;
  private settle!: { resolve: () => void; reject: (error: Error) => void };
  readonly done = new Promise<void>((resolve, reject) => {
    this.settle = { resolve, reject };
  });

  private readonly data: Buffer;

  constructor(data: Buffer) {
    this.data = data;
  }

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: {
    sendCopyFromChunk(chunk: Buffer): void;
    endCopyFrom(): void;
  }): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}

  handleError(error: Error): void {
    if (this.error) return;
    this.error = error;
    this.settle.reject(error);
  }

  handleReadyForQuery(): void {
    if (!this.error) this.settle.resolve();
  }
}

/**
 * Writes a batch of invocation records with one `COPY … FROM STDIN` (the same rows as
 * the Prisma writer `insertInvocations`). Under load this costs PostgreSQL about half of an
 * `INSERT … SELECT unnest(…)` (no array literals to parse) and the runtime less than pg's
 * array serialisation (bench/runtime/README.md). Returns how many were written.
 */
export async function copyInvocationsSql(
  pool: CopyTarget,
  invocations: readonly InvocationInput[],
): Promise<number> {
  const n = invocations.length;
  if (n === 0) return 0;
  let text = '';
  for (let i = 0; i < n; i++) {
    const call = invocations[i]!;
    const createdAt = call.createdAt ?? new Date();
    text += `${field(newId('call', createdAt.getTime()))}\t${field(call.workspaceId)}\t${field(call.toolName)}\t${field(call.toolId)}\t${field(call.toolVersion)}\t${field(call.tokenId)}\t${field(call.userId)}\t${field(call.status)}\t${field(call.errorCode)}\t${field(call.errorStage)}\t${field(call.errorMessage)}\t${Math.max(0, Math.round(call.durationMs))}\t${field(JSON.stringify(call.stageTimings ?? {}))}\t${call.cacheHit === true ? 't' : 'f'}\t${field(JSON.stringify(call.console ?? []))}\t${call.inputs == null ? '\\N' : field(JSON.stringify(call.inputs))}\t${call.resultPreview == null ? '\\N' : field(JSON.stringify(call.resultPreview))}\t${field(call.requestId)}\t${createdAt.toISOString()}\n`;
  }
  const copy = new CopyIn(Buffer.from(text, 'utf8'));
  const client = await pool.connect();
  try {
    client.query(copy);
    await copy.done;
  } catch (error) {
    // A connection that failed mid-COPY is not handed back to the pool.
    client.release(error as Error);
    throw error;
  }
  client.release();
  return n;
}
