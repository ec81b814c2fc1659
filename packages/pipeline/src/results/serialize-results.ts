/** A successful MCP `tools/call` result as the pipeline produces it. */
export interface ToolCallSuccessResult {
  [key: string]: unknown;
  content: [{ type: 'text'; text: string }];
  structuredContent: { results: unknown[]; truncated?: true };
}

/**
 * The spec's serialization: the JSON array in one text content block, plus `structuredContent`
 * `{ results }` — an object, as MCP requires — with `truncated: true` when a row cap cut it.
 * Expects JSON values (see toJsonValue).
 */
export function serializeResults(results: unknown[], truncated: boolean): ToolCallSuccessResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(results) }],
    structuredContent: truncated ? { results, truncated: true } : { results },
  };
}
