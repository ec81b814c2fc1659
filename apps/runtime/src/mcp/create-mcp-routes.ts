import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TokenAuthenticator } from '../auth/create-token-authenticator';
import type { OriginPolicy } from '../http/origin-policy';
import { readBody } from '../http/read-body';
import { sendBody } from '../http/send-body';
import type { RateLimitCheck, RateLimiter } from '../limits/rate-limiter';
import type { Logger } from '../logger';
import type { WorkspaceRegistry } from '../registry/create-workspace-registry';
import type { Route } from '../router';
import { type DispatchDeps, dispatchRequest } from './dispatch-request';
import {
  classifyMessage,
  errorResponse,
  INTERNAL_ERROR,
  INVALID_REQUEST,
  type JsonRpcResponse,
  PARSE_ERROR,
  responseBody,
} from './json-rpc';
import type { McpRequestContext } from './mcp-context';
import {
  allowsBatches,
  DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
  isSupportedProtocolVersion,
} from './protocol-versions';

export interface McpRouteDeps extends DispatchDeps {
  readonly logger: Logger;
  readonly tokens: TokenAuthenticator;
  readonly registry: WorkspaceRegistry;
  readonly origins: OriginPolicy;
  readonly rateLimiter: RateLimiter;
  /** Ceiling on request bodies, whatever a workspace allows (bytes). */
  readonly maxBodyBytes: number;
  /** Counts HTTP answers and rate-limit refusals (metrics). */
  readonly onHttpAnswer?: (status: number) => void;
  /** A token was used (last_used_at, batched). */
  readonly onTokenUsed?: (tokenId: string) => void;
}

// A caller's two budgets, built once per (cached) caller and workspace snapshot instead of two
// key strings and three objects per request.
const limitChecks = new WeakMap<object, { workspace: object; checks: readonly RateLimitCheck[] }>();
function limits(
  workspace: { id: string; rateLimitPerMinute: number; tokenRateLimitPerMinute: number },
  caller: { limitKey: string },
): readonly RateLimitCheck[] {
  const cached = limitChecks.get(caller);
  if (cached !== undefined && cached.workspace === workspace) return cached.checks;
  const checks = [
    { key: `ws:${workspace.id}`, limitPerMinute: workspace.rateLimitPerMinute },
    { key: `tok:${caller.limitKey}`, limitPerMinute: workspace.tokenRateLimitPerMinute },
  ];
  limitChecks.set(caller, { workspace, checks });
  return checks;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$/;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const CORS_ALLOW_HEADERS =
  'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id, x-request-id';

/**
 * `/t/:slug/mcp` — MCP Streamable HTTP, stateless: every POST is answered with
 * `application/json` (never SSE) and nothing of it outlives the request. GET (the server→client
 * stream) and DELETE (session end) are 405, as the transport allows a server without sessions.
 */
export function createMcpRoutes(deps: McpRouteDeps): Route[] {
  const { logger } = deps;

  function answer(
    res: ServerResponse,
    status: number,
    body: JsonRpcResponse | JsonRpcResponse[] | null,
    headers: OutgoingHttpHeaders,
  ) {
    deps.onHttpAnswer?.(status);
    sendBody(res, status, body === null ? null : responseBody(body), headers);
  }

  function unauthorized(res: ServerResponse, headers: OutgoingHttpHeaders) {
    headers['www-authenticate'] = 'Bearer realm="toolplane"';
    answer(
      res,
      401,
      errorResponse(
        null,
        -32001,
        'unauthorized: send a valid Toolplane token for this workspace as Authorization: Bearer',
      ),
      headers,
    );
  }

  async function post(req: IncomingMessage, res: ServerResponse, params: Record<string, string>) {
    const incomingId = req.headers['x-request-id'];
    const requestId =
      typeof incomingId === 'string' && REQUEST_ID.test(incomingId)
        ? incomingId
        : `req_${randomUUID()}`;
    const headers: OutgoingHttpHeaders = { 'cache-control': 'no-store', 'x-request-id': requestId };

    if (!deps.origins.hostAllowed(req.headers)) {
      return answer(
        res,
        403,
        errorResponse(null, INVALID_REQUEST, 'forbidden: unknown Host'),
        headers,
      );
    }
    const origin = deps.origins.origin(req.headers);
    if (origin.kind === 'refused') {
      return answer(
        res,
        403,
        errorResponse(null, INVALID_REQUEST, 'forbidden: Origin not allowed'),
        headers,
      );
    }
    if (origin.kind === 'allowed') {
      headers['access-control-allow-origin'] = origin.origin;
      headers['access-control-expose-headers'] = 'www-authenticate, retry-after, x-request-id';
      headers.vary = 'Origin';
    }

    const slug = params.slug ?? '';
    let caller: Awaited<ReturnType<TokenAuthenticator['authenticate']>>;
    let snapshot: Awaited<ReturnType<WorkspaceRegistry['bySlug']>>;
    // Token and workspace come from memory once cached: awaited only when a lookup is pending.
    try {
      const authenticated = deps.tokens.authenticate(req.headers.authorization);
      caller = authenticated instanceof Promise ? await authenticated : authenticated;
      if (caller === null || !SLUG.test(slug)) return unauthorized(res, headers);
      const found = deps.registry.bySlug(slug);
      snapshot = found instanceof Promise ? await found : found;
    } catch (error) {
      logger.error('token or workspace lookup failed', { requestId, error });
      return answer(
        res,
        503,
        errorResponse(null, INTERNAL_ERROR, `temporarily unavailable (request ${requestId})`),
        {
          ...headers,
          'retry-after': '1',
        },
      );
    }
    // Unknown slug, another workspace's token: the same answer as a bad token.
    if (snapshot === null || snapshot.workspace.id !== caller.workspaceId)
      return unauthorized(res, headers);
    const { workspace } = snapshot;
    if (caller.apiTokenId !== null) deps.onTokenUsed?.(caller.apiTokenId);

    const taken = deps.rateLimiter.take(limits(workspace, caller));
    const verdict = taken instanceof Promise ? await taken : taken;
    if (!verdict.ok) {
      headers['retry-after'] = String(verdict.retryAfterSeconds);
      return answer(
        res,
        429,
        errorResponse(null, -32002, 'rate limit exceeded: retry later'),
        headers,
      );
    }

    const headerVersion = req.headers['mcp-protocol-version'];
    if (typeof headerVersion === 'string' && !isSupportedProtocolVersion(headerVersion)) {
      return answer(
        res,
        400,
        errorResponse(
          null,
          INVALID_REQUEST,
          `unsupported MCP-Protocol-Version: ${headerVersion.slice(0, 40)}`,
        ),
        headers,
      );
    }
    const contentType = req.headers['content-type'];
    if (contentType === undefined || !/^application\/json\s*(;|$)/i.test(contentType)) {
      return answer(
        res,
        415,
        errorResponse(null, INVALID_REQUEST, 'Content-Type must be application/json'),
        headers,
      );
    }
    const accept = req.headers.accept;
    if (accept !== undefined && !/application\/json|application\/\*|\*\/\*/i.test(accept)) {
      return answer(
        res,
        406,
        errorResponse(null, INVALID_REQUEST, 'Accept must include application/json'),
        headers,
      );
    }

    const body = await readBody(req, Math.min(deps.maxBodyBytes, workspace.maxRequestBytes));
    if (!body.ok) {
      if (body.reason === 'aborted') return;
      headers.connection = 'close';
      return answer(
        res,
        413,
        errorResponse(
          null,
          INVALID_REQUEST,
          `request body over ${Math.min(deps.maxBodyBytes, workspace.maxRequestBytes)} bytes`,
        ),
        headers,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.body.toString('utf8'));
    } catch {
      return answer(
        res,
        400,
        errorResponse(null, PARSE_ERROR, 'parse error: the body is not valid JSON'),
        headers,
      );
    }

    const context: McpRequestContext = { snapshot, caller, headers: req.headers, requestId };
    const version =
      typeof headerVersion === 'string' ? headerVersion : DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
    if (Array.isArray(parsed)) {
      // The request was counted once already; a batch costs one per message.
      if (parsed.length > 1) {
        const extra = await deps.rateLimiter.take(limits(workspace, caller), parsed.length - 1);
        if (!extra.ok) {
          headers['retry-after'] = String(extra.retryAfterSeconds);
          return answer(
            res,
            429,
            errorResponse(null, -32002, 'rate limit exceeded: retry later'),
            headers,
          );
        }
      }
      if (!allowsBatches(version)) {
        return answer(
          res,
          400,
          errorResponse(null, INVALID_REQUEST, `JSON-RPC batches are not part of MCP ${version}`),
          headers,
        );
      }
      if (parsed.length === 0) {
        return answer(res, 400, errorResponse(null, INVALID_REQUEST, 'empty batch'), headers);
      }
      const responses = await Promise.all(
        parsed.map((message) => handleMessage(context, message, true)),
      );
      const answered = responses.filter((r): r is JsonRpcResponse => r !== null);
      return answered.length === 0
        ? answer(res, 202, null, headers)
        : answer(res, 200, answered, headers);
    }
    const response = await handleMessage(context, parsed, false);
    if (response === null) return answer(res, 202, null, headers);
    return answer(res, 200, response, headers);
  }

  async function handleMessage(
    context: McpRequestContext,
    value: unknown,
    inBatch: boolean,
  ): Promise<JsonRpcResponse | null> {
    const message = classifyMessage(value);
    switch (message.kind) {
      case 'notification':
      case 'response':
        return null;
      case 'invalid':
        return errorResponse(message.id, INVALID_REQUEST, `invalid request: ${message.reason}`);
      case 'request':
        if (inBatch && message.method === 'initialize') {
          return errorResponse(
            message.id,
            INVALID_REQUEST,
            'initialize must not be part of a batch',
          );
        }
        try {
          return await dispatchRequest(deps, context, message.id, message.method, message.params);
        } catch (error) {
          logger.error('request failed', {
            requestId: context.requestId,
            method: message.method,
            error,
          });
          return errorResponse(
            message.id,
            INTERNAL_ERROR,
            `internal error (request ${context.requestId})`,
          );
        }
    }
  }

  function notAllowed(_req: IncomingMessage, res: ServerResponse) {
    answer(
      res,
      405,
      errorResponse(
        null,
        INVALID_REQUEST,
        'method not allowed: this server answers POST only (no SSE stream, no sessions)',
      ),
      {
        allow: 'POST',
        'cache-control': 'no-store',
      },
    );
  }

  function preflight(req: IncomingMessage, res: ServerResponse) {
    const origin = deps.origins.origin(req.headers);
    if (!deps.origins.hostAllowed(req.headers) || origin.kind === 'refused') {
      deps.onHttpAnswer?.(403);
      res.writeHead(403, { 'content-length': 0 });
      res.end();
      return;
    }
    const headers: OutgoingHttpHeaders = { 'content-length': 0, vary: 'Origin' };
    if (origin.kind === 'allowed') {
      headers['access-control-allow-origin'] = origin.origin;
      headers['access-control-allow-methods'] = 'POST';
      headers['access-control-allow-headers'] = CORS_ALLOW_HEADERS;
      headers['access-control-max-age'] = '600';
    }
    deps.onHttpAnswer?.(204);
    res.writeHead(204, headers);
    res.end();
  }

  return [
    {
      path: '/t/:slug/mcp',
      methods: { POST: post, GET: notAllowed, DELETE: notAllowed, OPTIONS: preflight },
    },
  ];
}
