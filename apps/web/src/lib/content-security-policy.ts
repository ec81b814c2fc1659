type Options = {
  /** Fresh per request; Next adds it to every script (and style) tag it renders. */
  nonce: string;
  /** `next dev` needs eval for React's debugging and inline styles for hot reloading. */
  development: boolean;
};

/**
 * The page CSP: only this origin's scripts carrying this request's nonce run ('strict-dynamic'
 * lets them load their own chunks), nothing may frame the dashboard, and forms post only here.
 * Fonts and styles are bundled, so no third-party origin appears.
 */
export function buildContentSecurityPolicy({ nonce, development }: Options): string {
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
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
