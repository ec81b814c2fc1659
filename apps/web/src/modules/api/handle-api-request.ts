import {
  type ApiHandler,
  createApiHandler,
  createMemoryRateLimiter,
  createRedisRateLimiter,
} from '@toolplane/api';
import { createRedisClient } from '@toolplane/redis';
import { getEnv } from '../../env';
import { getServiceDeps } from '../server/service-deps';

/** Per personal access token. Generous for scripts and CI; a runaway loop still stops. */
const RATE_LIMIT = { limit: 600, windowMs: 60_000 };

let handler: ApiHandler | undefined;

function getApiHandler(): ApiHandler {
  if (handler) return handler;
  const env = getEnv();
  // With REDIS_URL every web replica shares one budget per token; without it, each keeps its own.
  const rateLimiter = env.REDIS_URL
    ? createRedisRateLimiter(
        createRedisClient({
          url: env.REDIS_URL,
          connectionName: 'toolplane-web-api',
          onError: () => undefined,
        }),
        { ...RATE_LIMIT, prefix: env.REDIS_PREFIX },
      )
    : createMemoryRateLimiter(RATE_LIMIT);
  // The same rule as the dashboard's emailed links (lib/link-origin.ts): AUTH_URL when set; the
  // request's Host only outside production; in production without AUTH_URL and SMTP, no mail.
  const mailable = env.TOOLPLANE_MODE !== 'production' || (env.SMTP_URL && env.SMTP_FROM);
  const configured = env.AUTH_URL ? new URL(env.AUTH_URL).origin : null;
  handler = createApiHandler({
    deps: getServiceDeps(),
    rateLimiter,
    linkOrigin: (request) =>
      !mailable
        ? null
        : (configured ??
          (env.TOOLPLANE_MODE === 'production' ? null : new URL(request.url).origin)),
    onError: (error, requestId) => {
      console.error(`toolplane-web: /api/v1 request ${requestId} failed`, error);
    },
  });
  return handler;
}

/**
 * What every route file under app/api/v1 exports for each method: the route table matches the
 * path and method itself, so the file only marks which registry entry it serves.
 */
export function handleApiRequest(request: Request): Promise<Response> {
  return getApiHandler()(request);
}
