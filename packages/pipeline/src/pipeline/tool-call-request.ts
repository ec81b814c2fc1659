import type { Context } from '@opentelemetry/api';
import type { ErrorStyle } from '../errors/error-style';

/** The calling API token, as the runtime authenticated it. */
export interface CallerToken {
  readonly id: string;
  /** The tools this token may call; any other answers -32601 like an unknown tool. */
  readonly tools: 'all' | readonly string[];
  readonly scopes: readonly string[];
}

export interface WorkspaceSettings {
  readonly id: string;
  readonly errorStyle?: ErrorStyle;
  /** Defaults for tools that do not say (cache is off unless enabled; TTL default 120 s). */
  readonly cache?: { readonly enabled?: boolean; readonly ttlSeconds?: number };
  /** Ceilings that apply whatever a tool asks for. */
  readonly limits?: {
    readonly maxRows?: number;
    readonly timeoutMs?: number;
    /** UTF-8 bytes of the serialized result; more is RESULT_TOO_LARGE. */
    readonly maxResultBytes?: number;
  };
}

/** One `tools/call`, as the runtime hands it to the pipeline. */
export interface ToolCallRequest {
  readonly requestId: string | number | null;
  readonly workspace: WorkspaceSettings;
  readonly toolName: string;
  readonly arguments: unknown;
  readonly caller: {
    /** HTTP request headers, names lower-cased. */
    readonly headers: Readonly<Record<string, string | undefined>>;
    readonly token: CallerToken;
  };
  /** Parent trace context (the runtime's HTTP span); default the active context. */
  readonly traceContext?: Context;
}
