/**
 * Every protocol version `@modelcontextprotocol/sdk` 1.32.2 supports (its
 * SUPPORTED_PROTOCOL_VERSIONS), newest first. Copied rather than imported so the runtime bundle
 * does not load the SDK; protocol-versions.test.ts fails when the SDK's list changes.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
] as const;

export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

/** What a request without `MCP-Protocol-Version` is taken to speak (the transport spec says so). */
export const DEFAULT_NEGOTIATED_PROTOCOL_VERSION = '2025-03-26';

const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_PROTOCOL_VERSIONS);

export function isSupportedProtocolVersion(version: string): boolean {
  return SUPPORTED.has(version);
}

/** JSON-RPC batches were removed in 2025-06-18; earlier versions must accept them. */
export function allowsBatches(version: string): boolean {
  return version < '2025-06-18';
}
