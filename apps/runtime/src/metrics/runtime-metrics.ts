import type { Counter, Histogram, MetricsRegistry } from './create-metrics-registry';

/** The runtime's metrics, named once (the /metrics contract dashboards are built on). */
export interface RuntimeMetrics {
  readonly registry: MetricsRegistry;
  /** tools/call by outcome (ok, error). */
  readonly calls: Counter;
  /** Failed tools/call by stage and code. */
  readonly callErrors: Counter;
  /** tools/call duration in seconds, by outcome. */
  readonly callDuration: Histogram;
  /** Cache lookups by result (hit, miss). */
  readonly cacheLookups: Counter;
  /** Cache reads or writes that failed (Redis down): served as misses. */
  readonly cacheErrors: Counter;
  /** HTTP answers of the MCP endpoint by status. */
  readonly httpResponses: Counter;
  /** Requests refused by a rate limit. */
  readonly rateLimited: Counter;
  /** Rate-limit checks answered in memory because Redis was unreachable. */
  readonly rateLimitFallbacks: Counter;
  /** Invocation log entries dropped because the queue was full (oldest first). */
  readonly invocationsDropped: Counter;
  /** Invocation log batches that failed to write. */
  readonly invocationWriteErrors: Counter;
}

const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createRuntimeMetrics(registry: MetricsRegistry): RuntimeMetrics {
  return {
    registry,
    calls: registry.counter('toolplane_tool_calls_total', 'tools/call requests by outcome'),
    callErrors: registry.counter(
      'toolplane_tool_call_errors_total',
      'failed tools/call by stage and code',
    ),
    callDuration: registry.histogram(
      'toolplane_tool_call_duration_seconds',
      'tools/call duration',
      SECONDS,
    ),
    cacheLookups: registry.counter(
      'toolplane_cache_lookups_total',
      'result cache lookups by result',
    ),
    cacheErrors: registry.counter(
      'toolplane_cache_errors_total',
      'result cache operations that failed (served as misses)',
    ),
    httpResponses: registry.counter(
      'toolplane_mcp_http_responses_total',
      'MCP endpoint HTTP answers by status',
    ),
    rateLimited: registry.counter(
      'toolplane_rate_limited_total',
      'requests refused by a rate limit',
    ),
    rateLimitFallbacks: registry.counter(
      'toolplane_rate_limit_fallbacks_total',
      'rate-limit checks counted in memory because Redis was unreachable',
    ),
    invocationsDropped: registry.counter(
      'toolplane_invocation_log_dropped_total',
      'invocation log entries dropped because the queue was full',
    ),
    invocationWriteErrors: registry.counter(
      'toolplane_invocation_log_write_errors_total',
      'invocation log batches that failed to write',
    ),
  };
}
