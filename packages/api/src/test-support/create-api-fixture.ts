import {
  createServiceFixture,
  type ServiceDepsOverrides,
  type ServiceFixture,
} from '@toolplane/services/test-support';
import { createApiHandler } from '../create-api-handler';
import { createMemoryRateLimiter } from '../http/rate-limiter';
import { serveApi } from './serve-api';

// For suites whose database comes from another fixture (the CLI's, over the runtime's).
export { type ServedApi, serveApi } from './serve-api';

export interface ApiFixture extends ServiceFixture {
  /** e.g. http://127.0.0.1:43123 — the API is at `${origin}/api/v1`. */
  origin: string;
}

/**
 * A database of its own (createServiceFixture) and the API served over it on an ephemeral
 * port, with a rate limit no suite reaches. `close` stops the server, then drops the database.
 */
export async function createApiFixture(overrides: ServiceDepsOverrides = {}): Promise<ApiFixture> {
  const fixture = await createServiceFixture(overrides, { connections: 4 });
  try {
    const served = await serveApi(
      createApiHandler({
        deps: fixture.deps,
        rateLimiter: createMemoryRateLimiter({ limit: 10_000, windowMs: 60_000 }),
      }),
    );
    return {
      ...fixture,
      origin: served.origin,
      close: async () => {
        await served.close();
        await fixture.close();
      },
    };
  } catch (error) {
    await fixture.close();
    throw error;
  }
}
