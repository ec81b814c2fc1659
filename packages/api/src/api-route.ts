import type {
  ActionId,
  Actor,
  ServiceDeps,
  VerifiedPersonalAccessToken,
  WorkspaceContext,
} from '@toolplane/services';
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives: parsed input and who is asking. */
export interface ApiRequestContext<P, Q, B> {
  deps: ServiceDeps;
  actor: Actor;
  /** The personal access token the request authenticated with (null on public routes). */
  token: VerifiedPersonalAccessToken | null;
  /** Opened and authorized for the route's action when the path names a workspace. */
  workspace: WorkspaceContext;
  params: P;
  query: Q;
  body: B;
  /** Top-level body keys the client sent: a PATCH changes only these. */
  sentKeys: ReadonlySet<string>;
  /** The version an update is made against (body `version` or `If-Match`). */
  expectedVersion: number | null;
  request: Request;
  /** The API's public base URL (`https://host/api/v1`), for links in responses. */
  baseUrl: string;
  /** The trusted origin for links the API emails (invitations); null: mail none. */
  linkOrigin: string | null;
  /** Every route the dispatcher serves (the OpenAPI document is built from them). */
  routes: readonly ApiRoute[];
}

/**
 * One REST operation: the dispatcher, the OpenAPI document and the route files all read this.
 * `path` is relative to /api/v1 with `{param}` placeholders.
 */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** The action-registry entry: checked before anything is read, and named in the route file. */
  action: ActionId;
  /** false: no token needed (the OpenAPI document and its reference page). */
  authenticated: boolean;
  params: z.ZodType | null;
  query: z.ZodType | null;
  body: z.ZodType | null;
  /** The 2xx body; null: 204 No Content. */
  response: z.ZodType | null;
  status: number;
  /** A create that honours Idempotency-Key. */
  idempotent: boolean;
  /** An update that needs the entity's version (body `version` or `If-Match`). */
  versioned: boolean;
  /** Answers with its own Response (HTML, the document itself) instead of JSON. */
  raw: boolean;
  /** This route's body ceiling when it differs from the handler's (a whole project folder). */
  maxBodyBytes: number | null;
  handler: (ctx: ApiRequestContext<never, never, never>) => Promise<unknown>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Declares a route with its handler typed from its schemas. */
export function defineApiRoute<
  P extends z.ZodType | null = null,
  Q extends z.ZodType | null = null,
  B extends z.ZodType | null = null,
  R extends z.ZodType | null = null,
>(route: {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  action: ActionId;
  authenticated?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  idempotent?: boolean;
  versioned?: boolean;
  raw?: boolean;
  maxBodyBytes?: number;
  handler: (
    ctx: ApiRequestContext<Out<P>, Out<Q>, Out<B>>,
  ) => Promise<(R extends z.ZodType ? z.output<R> : undefined) | Response>;
}): ApiRoute {
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tag: route.tag,
    action: route.action,
    authenticated: route.authenticated ?? true,
    params: route.params ?? null,
    query: route.query ?? null,
    body: route.body ?? null,
    response: route.response,
    status: route.status ?? (route.response === null ? 204 : 200),
    idempotent: route.idempotent ?? false,
    versioned: route.versioned ?? false,
    raw: route.raw ?? false,
    maxBodyBytes: route.maxBodyBytes ?? null,
    handler: route.handler as ApiRoute['handler'],
  };
}
