import {
  executeToolCall,
  type PipelinePorts,
  runsScripts,
  type ToolCallOutcome,
} from '@toolplane/pipeline';
import type { ConsoleEntry } from '@toolplane/sandbox';
import type { ConsoleCapture } from '../ports/create-sandbox-script-runner';
import type { ToolListing } from '../registry/workspace-snapshot';
import {
  errorResponse,
  INVALID_PARAMS,
  type JsonRpcResponse,
  METHOD_NOT_FOUND,
  RawJson,
  resultResponse,
} from './json-rpc';
import { listToolsPage } from './list-tools-page';
import type { McpRequestContext } from './mcp-context';
import { isSupportedProtocolVersion, LATEST_PROTOCOL_VERSION } from './protocol-versions';

export interface DispatchDeps {
  readonly ports: PipelinePorts;
  readonly pageSize: number;
  readonly serverInfo: { name: string; version: string; title?: string };
  /** After every tools/call: the invocation log and metrics. Must not throw or block. */
  readonly onToolCall: (
    context: McpRequestContext,
    toolName: string,
    args: unknown,
    outcome: ToolCallOutcome,
    console: readonly ConsoleEntry[],
  ) => void;
  /** Collects the console output of the scripts a call runs (the sandbox's runner fills it). */
  readonly captureConsole?: ConsoleCapture;
}

const CAPABILITIES = { tools: { listChanged: false } };

// A snapshot's listings never change (a change replaces the snapshot), so each tool's JSON is
// written once and pages are joined from it: a 100-tool page is then one string concatenation
// instead of serialising every input schema again.
const listingJson = new WeakMap<ToolListing, string>();
function pageJson(tools: readonly ToolListing[], nextCursor: string | undefined): RawJson {
  let text = '{"tools":[';
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    let json = listingJson.get(tool);
    if (json === undefined) {
      json = JSON.stringify(tool);
      listingJson.set(tool, json);
    }
    text += i === 0 ? json : `,${json}`;
  }
  text += nextCursor === undefined ? ']}' : `],"nextCursor":${JSON.stringify(nextCursor)}}`;
  return new RawJson(text);
}
// Pages of callers who see every tool, per snapshot listing, page size and start index: the
// same page is then the same string, joined once. Scoped tokens' pages are joined per request (from the
// per-tool JSON above). Bounded by the listing's length; gone with the snapshot.
const fullPages = new WeakMap<readonly ToolListing[], Map<string, RawJson>>();
function fullPageJson(
  listing: readonly ToolListing[],
  key: string,
  tools: readonly ToolListing[],
  nextCursor: string | undefined,
): RawJson {
  let pages = fullPages.get(listing);
  if (pages === undefined) {
    pages = new Map();
    fullPages.set(listing, pages);
  }
  let page = pages.get(key);
  if (page === undefined) {
    page = pageJson(tools, nextCursor);
    pages.set(key, page);
  }
  return page;
}
const EMPTY = {};

/** Answers one JSON-RPC request of the MCP methods a tools-only server has. */
export async function dispatchRequest(
  deps: DispatchDeps,
  context: McpRequestContext,
  id: string | number,
  method: string,
  params: Record<string, unknown> | undefined,
): Promise<JsonRpcResponse> {
  switch (method) {
    case 'tools/call':
      return callTool(deps, context, id, params);
    case 'tools/list': {
      const { listing } = context.snapshot;
      const page = listToolsPage(listing, context.caller, params?.cursor, deps.pageSize);
      if ('invalidCursor' in page) return errorResponse(id, INVALID_PARAMS, 'invalid cursor');
      return resultResponse(
        id,
        context.caller.toolSet === null
          ? fullPageJson(listing, `${deps.pageSize}:${page.start}`, page.tools, page.nextCursor)
          : pageJson(page.tools, page.nextCursor),
      );
    }
    case 'initialize':
      return initialize(deps, id, params);
    case 'ping':
      return resultResponse(id, EMPTY);
    default:
      return errorResponse(id, METHOD_NOT_FOUND, `method not found: ${method}`);
  }
}

function initialize(
  deps: DispatchDeps,
  id: string | number,
  params: Record<string, unknown> | undefined,
): JsonRpcResponse {
  const requested = params?.protocolVersion;
  if (typeof requested !== 'string') {
    return errorResponse(id, INVALID_PARAMS, 'initialize needs params.protocolVersion');
  }
  // The spec: answer with the requested version when supported, else the latest we support.
  const protocolVersion = isSupportedProtocolVersion(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
  return resultResponse(id, {
    protocolVersion,
    capabilities: CAPABILITIES,
    serverInfo: deps.serverInfo,
  });
}

function mayRunScripts(context: McpRequestContext, toolName: string): boolean {
  const loaded = context.snapshot.tools.get(toolName);
  // Unknown or failed tools end before any script could run.
  if (!loaded?.ok) return false;
  return runsScripts(loaded.compiled);
}

async function callTool(
  deps: DispatchDeps,
  context: McpRequestContext,
  id: string | number,
  params: Record<string, unknown> | undefined,
): Promise<JsonRpcResponse> {
  const name = params?.name;
  if (typeof name !== 'string' || name === '') {
    return errorResponse(id, INVALID_PARAMS, 'tools/call needs params.name');
  }
  const args = params?.arguments ?? {};
  const lines: ConsoleEntry[] = [];
  const run = () =>
    executeToolCall(
      {
        requestId: context.requestId,
        workspace: context.snapshot.settings,
        toolName: name,
        arguments: args,
        caller: {
          headers: context.headers as Readonly<Record<string, string | undefined>>,
          token: context.caller.token,
        },
      },
      deps.ports,
    );
  // Console capture (an AsyncLocalStorage scope) only for a call that may run a script.
  const outcome =
    deps.captureConsole && mayRunScripts(context, name)
      ? await deps.captureConsole.run(lines, run)
      : await run();
  deps.onToolCall(context, name, args, outcome, lines);
  const response = outcome.response;
  return response.kind === 'result'
    ? resultResponse(id, response.result)
    : errorResponse(id, response.error.code, response.error.message, response.error.data);
}
