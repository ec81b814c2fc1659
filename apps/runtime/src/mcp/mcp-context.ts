import type { IncomingHttpHeaders } from 'node:http';
import type { Caller } from '../auth/caller';
import type { WorkspaceSnapshot } from '../registry/workspace-snapshot';

/** One authenticated HTTP request to a workspace's MCP endpoint (lives for that request only). */
export interface McpRequestContext {
  readonly snapshot: WorkspaceSnapshot;
  readonly caller: Caller;
  readonly headers: IncomingHttpHeaders;
  /** The HTTP request's id: in logs, error data and the invocation log. */
  readonly requestId: string;
}
