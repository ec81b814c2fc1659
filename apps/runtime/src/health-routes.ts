import type { ReadinessCheck } from './create-readiness-check';
import type { Route } from './router';
import { sendJson } from './send-json';

/** Liveness (the process answers, no I/O) and readiness (database + migrations, or draining). */
export function healthRoutes(deps: { readiness: ReadinessCheck }): Route[] {
  return [
    {
      path: '/healthz',
      methods: { GET: (_req, res) => sendJson(res, 200, { status: 'ok' }) },
    },
    {
      path: '/readyz',
      methods: {
        GET: async (_req, res) => {
          const readiness = await deps.readiness.check();
          if (readiness.ready) sendJson(res, 200, { status: 'ready' });
          else sendJson(res, 503, { status: 'not_ready', reason: readiness.reason });
        },
      },
    },
  ];
}
