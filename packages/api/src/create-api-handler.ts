import { randomUUID } from 'node:crypto';
import {
  accessOf,
  openWorkspace,
  type ServiceDeps,
  ServiceError,
  verifyPersonalAccessToken,
  type WorkspaceActionId,
  type WorkspaceContext,
} from '@toolplane/services';
import { z } from 'zod';
import type { ApiRequestContext, ApiRoute } from './api-route';
import { API_ROUTES } from './api-routes';
import { fieldProblems } from './http/field-problems';
import { withIdempotency } from './http/idempotency';
import { ProblemError, problem, problemOf, problemResponse } from './http/problem';
import { createMemoryRateLimiter, type RateLimiter } from './http/rate-limiter';
import { readJsonBody } from './http/read-json-body';

export interface ApiHandlerOptions {
  deps: ServiceDeps;
  /** Per personal access token; default 600 requests a minute in this process. */
  rateLimiter?: RateLimiter;
  routes?: readonly ApiRoute[];
  /** Where the API is mounted; default /api/v1. */
  basePath?: string;
  /** Default 1 MiB: the largest tool definition (script sources) fits comfortably. */
  maxBodyBytes?: number;
  /**
   * The origin of links the API emails (invitations). Default: the request's own origin, which a
   * client controls through Host; a deployment passes its configured public URL, or null to
   * mail nothing (the link is still returned to the caller).
   */
  linkOrigin?: (request: Request) => string | null;
  /** Unexpected errors, with the request id the caller was given. */
  onError?: (error: unknown, requestId: string) => void;
}

export type ApiHandler = (request: Request) => Promise<Response>;

interface CompiledRoute {
  route: ApiRoute;
  pattern: RegExp;
  names: string[];
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The REST API as one `(Request) => Response` function over Web-standard types, so Next's route
 * files, node:http (tests, the CLI's end-to-end test) or any other server can mount it. Each
 * request: match the route → authenticate the personal access token → rate limit it → open the
 * workspace for the route's action (refusing before any input is read) → parse query and body →
 * Idempotency-Key → handler (one service call) → encode the response through its schema (an
 * allow-list: a field the schema does not name never leaves) → problem+json for every error.
 */
export function createApiHandler(options: ApiHandlerOptions): ApiHandler {
  const { deps } = options;
  const routes = options.routes ?? API_ROUTES;
  const basePath = (options.basePath ?? '/api/v1').replace(/\/+$/, '');
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const limiter = options.rateLimiter ?? createMemoryRateLimiter({ limit: 600, windowMs: 60_000 });
  const compiled = routes.map(compile);

  return async (request) => {
    const given = request.headers.get('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : `api-${randomUUID()}`;
    try {
      const response = await handle(request, requestId);
      response.headers.set('X-Request-Id', requestId);
      return response;
    } catch (error) {
      const p = problemOf(error);
      if (p.status >= 500) options.onError?.(error, requestId);
      return problemResponse(p, requestId);
    }
  };

  async function handle(request: Request, requestId: string): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(basePath)
      ? url.pathname.slice(basePath.length) || '/'
      : null;
    const method = request.method.toUpperCase();
    const candidates = path === null ? [] : compiled.filter((c) => c.pattern.test(path));
    if (candidates.length === 0 || path === null) {
      throw new ProblemError(problem(404, 'NOT_FOUND', 'No such endpoint.'));
    }
    const match = candidates.find((c) => c.route.method === method);
    if (!match) {
      const allow = candidates.map((c) => c.route.method).join(', ');
      throw new ProblemError(
        problem(405, 'INVALID', `Use ${allow} on this endpoint.`, {
          title: 'Method not allowed',
          headers: { Allow: allow },
        }),
      );
    }
    const { route } = match;
    const rawParams = readParams(match, path);
    const baseUrl = `${url.origin}${basePath}`;

    let token: ApiRequestContext<never, never, never>['token'] = null;
    let userId = '';
    const rateHeaders: Record<string, string> = {};
    if (route.authenticated) {
      const bearer = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
      const verified = bearer ? await verifyPersonalAccessToken(deps, bearer) : null;
      if (!verified) {
        throw new ProblemError(
          problem(
            401,
            'UNAUTHENTICATED',
            bearer
              ? 'The personal access token is invalid, expired or revoked.'
              : 'Send a personal access token: Authorization: Bearer tpp_…',
            {
              headers: {
                'WWW-Authenticate': bearer
                  ? 'Bearer realm="toolplane", error="invalid_token"'
                  : 'Bearer realm="toolplane"',
              },
            },
          ),
        );
      }
      token = verified;
      userId = verified.userId;
      const decision = await limiter.hit(verified.tokenId);
      const resetSeconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
      rateHeaders['RateLimit-Limit'] = String(decision.limit);
      rateHeaders['RateLimit-Remaining'] = String(decision.remaining);
      rateHeaders['RateLimit-Reset'] = String(resetSeconds);
      if (!decision.allowed) {
        throw new ProblemError(
          problem(
            429,
            'RATE_LIMITED',
            `This token made more than ${decision.limit} requests this minute. Retry in ${resetSeconds} s.`,
            { headers: { ...rateHeaders, 'Retry-After': String(resetSeconds) } },
          ),
        );
      }
    }
    const actor = { userId, requestId };

    const params = parse(route.params, rawParams, 404, '');
    let workspace: WorkspaceContext | undefined;
    if (Array.isArray(accessOf(route.action)) && typeof rawParams.workspace === 'string') {
      workspace = await openWorkspace(
        deps,
        actor,
        rawParams.workspace,
        route.action as WorkspaceActionId,
      );
    }

    const query = parse(route.query, Object.fromEntries(url.searchParams), 400, '');
    let rawBody: unknown;
    let body: unknown;
    let sentKeys = new Set<string>();
    if (route.body) {
      rawBody = await readJsonBody(request, route.maxBodyBytes ?? maxBodyBytes);
      if (rawBody !== null && typeof rawBody === 'object' && !Array.isArray(rawBody))
        sentKeys = new Set(Object.keys(rawBody));
      body = parse(route.body, rawBody ?? {}, 422, '');
    }
    const expectedVersion = route.versioned ? versionOf(request, body) : null;

    const ctx: ApiRequestContext<never, never, never> = {
      deps,
      actor,
      token,
      get workspace(): WorkspaceContext {
        if (!workspace) throw new Error(`${route.operationId} has no {workspace} parameter`);
        return workspace;
      },
      params: params as never,
      query: query as never,
      body: body as never,
      sentKeys,
      expectedVersion,
      request,
      baseUrl,
      linkOrigin: options.linkOrigin ? options.linkOrigin(request) : url.origin,
      routes,
    };

    const run = async (): Promise<Response> => {
      const result = await route.handler(ctx);
      if (route.raw) return result as Response;
      const headers: Record<string, string> = { ...rateHeaders, 'Cache-Control': 'no-store' };
      if (route.response === null) return new Response(null, { status: route.status, headers });
      const encoded = z.encode(route.response, result as never);
      const version = (encoded as { version?: unknown }).version;
      if (typeof version === 'number') headers.ETag = `"${version}"`;
      return Response.json(encoded, { status: route.status, headers });
    };

    const key = request.headers.get('idempotency-key');
    if (route.idempotent && key !== null && token) {
      return withIdempotency(
        deps,
        {
          scope: `${token.tokenId}:${route.method} ${route.path}:${JSON.stringify(rawParams)}`,
          key,
          body: rawBody,
        },
        run,
      );
    }
    return run();
  }
}

function compile(route: ApiRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/\{([A-Za-z]+)\}|[^{}]+/g, (part, name?: string) => {
    if (name) {
      names.push(name);
      return '([^/]+)';
    }
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return { route, names, pattern: new RegExp(`^${source}/?$`) };
}

function readParams(match: CompiledRoute, path: string): Record<string, string> {
  const values = match.pattern.exec(path)?.slice(1) ?? [];
  const out: Record<string, string> = {};
  match.names.forEach((name, i) => {
    try {
      out[name] = decodeURIComponent(values[i] ?? '');
    } catch {
      throw new ProblemError(problem(404, 'NOT_FOUND', 'No such endpoint.'));
    }
  });
  return out;
}

function parse(schema: z.ZodType | null, value: unknown, status: number, prefix: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (status === 404) throw new ServiceError('NOT_FOUND', 'Not found.');
  throw new ProblemError(
    problem(status, 'INVALID', 'Check the fields named in errors[].', {
      errors: fieldProblems(result.error, prefix),
    }),
  );
}

/** An update's version: `version` in the body, else `If-Match: "<n>"`; one of them is required. */
function versionOf(request: Request, body: unknown): number {
  const inBody = (body as { version?: unknown } | undefined)?.version;
  if (typeof inBody === 'number') return inBody;
  const ifMatch = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(request.headers.get('if-match') ?? '');
  if (ifMatch?.[1]) return Number(ifMatch[1]);
  throw new ProblemError(
    problem(422, 'INVALID', 'Send the version you are updating (body `version` or If-Match).', {
      errors: [{ field: 'version', reason: 'Required: the version you read, for a safe update.' }],
    }),
  );
}
