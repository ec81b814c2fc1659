import type { IncomingMessage, ServerResponse } from 'node:http';

export type RouteParams = Record<string, string>;
export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  params: RouteParams,
) => void | Promise<void>;

/** `path` is literal segments and `:name` captures, e.g. `/t/:slug/mcp`. */
export interface Route {
  path: string;
  methods: Partial<Record<string, Handler>>;
}

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: RouteParams }
  | { kind: 'method_not_allowed'; allow: string }
  | { kind: 'not_found' };

const MAX_REMEMBERED_PATHS = 1_000;
const MAX_REMEMBERED_PATH_LENGTH = 256;

/** Exact segment matching, first route wins; HEAD falls back to GET (node omits the body). */
export function createRouter(
  routes: readonly Route[],
): (method: string, path: string) => RouteMatch {
  const compiled = routes.map((route) => ({ route, segments: route.path.split('/') }));
  // A server sees the same few paths again and again (`/t/<slug>/mcp` per workspace): the route
  // and params of matching paths are remembered (short paths only, a bounded number, so random
  // paths cannot grow it past ~256 KB) instead of split and decoded per request. Params objects
  // are shared between requests and frozen.
  const seen = new Map<string, { route: Route; params: RouteParams }>();
  const find = (path: string) => {
    const known = seen.get(path);
    if (known !== undefined) return known;
    const segments = path.split('/');
    for (const { route, segments: pattern } of compiled) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      const found = { route, params: Object.freeze(params) };
      if (path.length <= MAX_REMEMBERED_PATH_LENGTH) {
        if (seen.size >= MAX_REMEMBERED_PATHS) seen.clear();
        seen.set(path, found);
      }
      return found;
    }
    return null;
  };
  return (method, path) => {
    const found = find(path);
    if (found === null) return { kind: 'not_found' };
    const { route, params } = found;
    const handler = route.methods[method] ?? (method === 'HEAD' ? route.methods.GET : undefined);
    if (handler) return { kind: 'found', handler, params };
    return { kind: 'method_not_allowed', allow: allowed(route).join(', ') };
  };
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): RouteParams | null {
  if (pattern.length !== actual.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] ?? '';
    const got = actual[i] ?? '';
    if (want.startsWith(':')) {
      if (got === '') return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}

function allowed(route: Route): string[] {
  const methods = Object.keys(route.methods);
  if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
  return methods;
}
