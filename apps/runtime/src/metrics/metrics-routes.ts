import type { Route } from '../router';
import type { MetricsRegistry } from './create-metrics-registry';

/** GET /metrics — Prometheus text. Bind it to an internal network or scrape through one. */
export function metricsRoutes(registry: MetricsRegistry): Route[] {
  return [
    {
      path: '/metrics',
      methods: {
        GET: (_req, res) => {
          const body = registry.render();
          res.writeHead(200, {
            'content-type': 'text/plain; version=0.0.4; charset=utf-8',
            'content-length': Buffer.byteLength(body),
            'cache-control': 'no-store',
          });
          res.end(body);
        },
      },
    },
  ];
}
