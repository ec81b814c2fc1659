/**
 * Span attribute names. Only these are ever set: never inputs, secrets, tokens or messages
 * (an error message may quote an input value).
 */
export const SPAN_ATTRIBUTES = {
  workspace: 'toolplane.workspace',
  tool: 'toolplane.tool',
  stage: 'toolplane.stage',
  cacheHit: 'toolplane.cache_hit',
  connectorType: 'toolplane.connector_type',
  durationMs: 'toolplane.duration_ms',
  outcome: 'toolplane.outcome',
  errorCode: 'toolplane.error_code',
} as const;

export const CALL_SPAN_NAME = 'toolplane.tools_call';
