type Options = {
  /** Fresh per request; Next adds it to every script (and style) tag it renders. */
  nonce: string;
  /** `next dev` needs eval for React's debugging and inline styles for hot reloading. */
  development: boolean;
  /**
   * Origins a form submission may be redirected to: the OAuth providers' authorization
   * endpoints (form-action applies to each redirect after a submission, not only its target).
   */
  formActionOrigins?: readonly string[];
};

/**
 * The page CSP: only this origin's scripts carrying this request's nonce run ('strict-dynamic'
 * lets them load their own chunks), nothing may frame the dashboard, and forms post only here
 * (or redirect on to a configured sign-in provider).
 * Fonts and styles are bundled, so no third-party origin appears.
 */
export function buildContentSecurityPolicy({
  nonce,
  development,
  formActionOrigins = [],
}: Options): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    'style-src': ["'self'", development ? "'unsafe-inline'" : `'nonce-${nonce}'`],
    'img-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...new Set(formActionOrigins.map(cspOrigin))],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** An origin as a CSP source expression; anything that is not an http(s) URL is refused. */
function cspOrigin(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`not an http(s) origin for form-action: ${value}`);
  return url.origin;
}
