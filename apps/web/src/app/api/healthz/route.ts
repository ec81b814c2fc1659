import { defineRoute } from '@/modules/server/define-route';

export const dynamic = 'force-dynamic';

/** Liveness: the server is up and answering. It checks no dependency, so it never flaps. */
export const GET = defineRoute(
  'system.health',
  (): Response => Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } }),
);
