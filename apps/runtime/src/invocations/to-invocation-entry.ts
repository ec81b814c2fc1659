import type { InvocationInput, JsonValue } from '@toolplane/db';
import type { ToolCallOutcome } from '@toolplane/pipeline';
import type { ConsoleEntry } from '@toolplane/sandbox';
import type { McpRequestContext } from '../mcp/mcp-context';

const PREVIEW_CHARS = 4_096;
// Most calls print nothing: one shared (never changed) empty list for all of them.
const NO_CONSOLE: InvocationInput['console'] = Object.freeze(
  [],
) as unknown as InvocationInput['console'];
const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|api[-_]?key|credential/i;

/** One tools/call as the invocation log records it. Payloads only when the workspace says so. */
export function toInvocationEntry(
  context: McpRequestContext,
  toolName: string,
  args: unknown,
  outcome: ToolCallOutcome,
  console: readonly ConsoleEntry[],
): InvocationInput {
  const { snapshot, caller } = context;
  const loaded = snapshot.tools.get(toolName);
  const entry: InvocationInput = {
    workspaceId: snapshot.workspace.id,
    toolName,
    toolId: loaded?.row.id ?? null,
    toolVersion: loaded?.row.version ?? null,
    tokenId: caller.apiTokenId,
    userId: caller.userId,
    status: outcome.ok ? 'ok' : 'error',
    errorCode: outcome.error?.code ?? null,
    errorStage: outcome.error?.stage ?? null,
    errorMessage: outcome.error?.message ?? null,
    durationMs: outcome.totalMs,
    stageTimings: roundTimings(outcome.timings),
    cacheHit: outcome.cacheHit === true,
    console:
      console.length === 0
        ? NO_CONSOLE
        : console.map((line) => ({ level: line.level, message: line.message })),
    requestId: context.requestId,
    createdAt: new Date(),
  };
  if (snapshot.workspace.recordPayloads) {
    entry.inputs = preview(redact(args));
    if (outcome.response.kind === 'result') {
      const text = outcome.response.result.content[0]?.text ?? '';
      entry.resultPreview =
        text.length > PREVIEW_CHARS
          ? { text: text.slice(0, PREVIEW_CHARS), truncated: true }
          : { text, truncated: false };
    }
  }
  return entry;
}

function roundTimings(timings: Record<string, number | undefined>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(timings)) {
    const value = timings[key];
    if (value !== undefined) out[key] = Math.round(value * 1000) / 1000;
  }
  return out;
}

/** Inputs with secret-looking fields masked (a tool input named `password` stays out of logs). */
function redact(value: unknown, depth = 0): JsonValue {
  if (value === null || typeof value !== 'object') {
    return (
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : null
    ) as JsonValue;
  }
  if (depth > 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value).slice(0, 100)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1);
  }
  return out;
}

function preview(value: JsonValue): JsonValue {
  const text = JSON.stringify(value);
  return text.length > PREVIEW_CHARS
    ? { preview: text.slice(0, PREVIEW_CHARS), truncated: true }
    : value;
}
