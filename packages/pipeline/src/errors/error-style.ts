/**
 * How a workspace reports stage failures: `jsonrpc` (the spec's table, the default) or `result`
 * (MCP's recommendation: an `isError: true` result the model can read). Unknown tools are
 * JSON-RPC -32601 either way.
 */
export type ErrorStyle = 'jsonrpc' | 'result';
