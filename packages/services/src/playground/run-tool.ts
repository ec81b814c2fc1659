import { randomUUID } from 'node:crypto';
import { mintRuntimeToken } from '@toolplane/auth';
import { findInvocationByRequestId, type Invocation } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { ServiceError } from '../service-error';

export interface PlaygroundRun {
  requestId: string;
  ok: boolean;
  /** The MCP result (content, structuredContent, isError) when the call answered with one. */
  result: unknown;
  /** The JSON-RPC error when it answered with one (code, message, data.stage). */
  error: { code: number; message: string; stage?: string } | null;
  durationMs: number;
  /** What the runtime logged for this call (stage timings, cache hit), when it arrived in time. */
  invocation: Pick<
    Invocation,
    'stageTimings' | 'cacheHit' | 'durationMs' | 'errorStage' | 'errorCode'
  > | null;
}

/**
 * Runs a tool through the runtime over HTTP — exactly the pipeline agents use — with a 5-minute
 * runtime token minted for this user and workspace, so the call shows in Activity as theirs.
 */
export async function runTool(
  ctx: WorkspaceContext,
  input: { toolName: string; args: Record<string, unknown>; headers?: Record<string, string> },
): Promise<PlaygroundRun> {
  authorize(ctx, 'playground.run');
  const { deps } = ctx;
  const token = mintRuntimeToken(deps.runtimeSigningKey, {
    userId: ctx.actor.userId,
    workspaceId: ctx.workspace.id,
    ttlSeconds: 300,
  });
  const requestId = `pg-${randomUUID()}`;
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    const lower = name.toLowerCase();
    if (
      /^[a-z0-9-]{1,64}$/.test(lower) &&
      !['authorization', 'host', 'content-type', 'accept', 'x-request-id', 'origin'].includes(lower)
    ) {
      extra[lower] = value;
    }
  }
  const started = performance.now();
  let response: Response;
  try {
    response = await (deps.fetch ?? fetch)(
      `${deps.runtimeUrl.replace(/\/$/, '')}/t/${ctx.workspace.slug}/mcp`,
      {
        method: 'POST',
        headers: {
          ...extra,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-request-id': requestId,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: input.toolName, arguments: input.args },
        }),
        signal: AbortSignal.timeout(30_000),
      },
    );
  } catch {
    throw new ServiceError('UNAVAILABLE', 'The runtime did not answer. Is it running?');
  }
  const durationMs = Math.round(performance.now() - started);
  const body = (await response.json().catch(() => null)) as {
    result?: { isError?: boolean };
    error?: { code: number; message: string; data?: { stage?: string } };
  } | null;
  if (!body) throw new ServiceError('UNAVAILABLE', `The runtime answered HTTP ${response.status}.`);
  const error = body.error
    ? {
        code: body.error.code,
        message: body.error.message,
        ...(body.error.data?.stage ? { stage: body.error.data.stage } : {}),
      }
    : null;
  // The runtime logs calls in batches (about every second): wait briefly for this one.
  let invocation: Invocation | null = null;
  for (let attempt = 0; attempt < 8 && !invocation; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    invocation = await findInvocationByRequestId(deps.db, ctx.workspace.id, requestId);
  }
  return {
    requestId,
    ok: !error && body.result?.isError !== true,
    result: body.result ?? null,
    error,
    durationMs,
    invocation: invocation
      ? {
          stageTimings: invocation.stageTimings,
          cacheHit: invocation.cacheHit,
          durationMs: invocation.durationMs,
          errorStage: invocation.errorStage,
          errorCode: invocation.errorCode,
        }
      : null,
  };
}
