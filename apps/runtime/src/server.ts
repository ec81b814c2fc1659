import { createServer as createHttpServer, type Server } from 'node:http';
import type { ReadinessCheck } from './create-readiness-check';
import { healthRoutes } from './health-routes';
import type { Logger } from './logger';
import { createRouter, type Route } from './router';
import { sendJson } from './send-json';

/** Everything the server needs, built once in main (or in a test) and passed in. */
export interface RuntimeDeps {
  logger: Logger;
  readiness: ReadinessCheck;
  /** More routes (the MCP endpoint, /metrics). */
  routes?: readonly Route[];
}

/** The runtime's HTTP server, not yet listening. Routes are a flat table. */
export function createServer(deps: RuntimeDeps): Server {
  const route = createRouter([...healthRoutes(deps), ...(deps.routes ?? [])]);

  const server = createHttpServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const match = route(method, path);
    if (match.kind === 'not_found') return sendJson(res, 404, { error: 'not_found' });
    if (match.kind === 'method_not_allowed') {
      return sendJson(res, 405, { error: 'method_not_allowed' }, { allow: match.allow });
    }
    try {
      await match.handler(req, res, match.params);
    } catch (error) {
      deps.logger.error('request failed', { method, path, error });
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'internal_error' });
    }
  });
  // A client gets 30 s to send a whole request (Node's default is 300 s): a body trickled in
  // byte by byte must not hold a socket for minutes. Tool calls may run longer; this bounds only
  // the receiving side.
  server.requestTimeout = 30_000;
  return server;
}
