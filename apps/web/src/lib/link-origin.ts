import { headers } from 'next/headers';
import { getEnv } from '../env';

/**
 * Where an emailed link (password reset, invitation) points. AUTH_URL when set. Otherwise this
 * request's Host, which a client controls (a forged Host would mail a victim a link to the
 * forger's site): acceptable only outside production. Production needs SMTP and AUTH_URL;
 * without them nothing is mailed. Returns null when the link cannot be built safely.
 */
export async function linkOrigin(): Promise<string | null> {
  const env = getEnv();
  if (env.TOOLPLANE_MODE === 'production' && !(env.SMTP_URL && env.SMTP_FROM && env.AUTH_URL))
    return null;
  if (env.AUTH_URL) return new URL(env.AUTH_URL).origin;
  const h = await headers();
  const host = h.get('host') ?? '127.0.0.1';
  const proto = h.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}
