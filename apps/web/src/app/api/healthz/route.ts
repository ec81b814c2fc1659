export const dynamic = 'force-dynamic';

/** Liveness: the server is up and answering. It checks no dependency, so it never flaps. */
export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
