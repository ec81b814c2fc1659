/**
 * What the dashboard's JWT session carries besides Auth.js's own fields. Credentials sign-in
 * forces JWT sessions, which cannot be deleted server-side; `sv` (the user's session version at
 * sign-in) is compared with the database on every request, so bumping the version (password
 * change, sign out everywhere, removal from a workspace) ends every older session.
 */
export interface SessionClaims {
  uid: string;
  sv: number;
}

export function readSessionClaims(
  token: Record<string, unknown> | null | undefined,
): SessionClaims | null {
  if (!token) return null;
  const { uid, sv } = token;
  if (typeof uid !== 'string' || typeof sv !== 'number') return null;
  return { uid, sv };
}

/** Sessions last a week; Auth.js re-issues the cookie as it is used (rolling expiry). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
