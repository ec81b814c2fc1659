import { type NextRequest, NextResponse } from 'next/server';
import { getEnv } from './env';
import { buildContentSecurityPolicy } from './lib/content-security-policy';
import { oauthAuthorizationOrigins } from './modules/auth/lib/oauth-providers';

/**
 * Gives each request a CSP nonce. Next reads the nonce from the request's CSP header while
 * rendering and stamps it on its scripts, which is why pages render per request (see the root
 * layout). Authorization does not live here: every page, action and route checks it itself.
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = buildContentSecurityPolicy({
    nonce,
    // biome-ignore lint/style/noProcessEnv: NODE_ENV is inlined by Next at build time.
    development: process.env.NODE_ENV === 'development',
    formActionOrigins: oauthAuthorizationOrigins(getEnv()),
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Static assets carry no markup to protect.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
