import { randomUUID } from 'node:crypto';
import { readSessionClaims } from '@toolplane/auth';
import { getUser } from '@toolplane/db';
import type { Actor } from '@toolplane/services';
import { cache } from 'react';
import { getServiceDeps } from '../../server/service-deps';
import { auth } from './auth';

export interface CurrentUser extends Actor {
  email: string;
  name: string | null;
}

/**
 * The signed-in user of this request, or null. The JWT alone is not trusted for liveness: the
 * user must still exist and the token's session version must equal the stored one, so a
 * password change, "sign out everywhere" or removal ends older sessions at their next request.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = (await auth()) as Record<string, unknown> | null;
  const claims = readSessionClaims(session);
  if (!claims) return null;
  const user = await getUser(getServiceDeps().db, claims.uid);
  if (!user || user.sessionVersion !== claims.sv) return null;
  return { userId: user.id, email: user.email, name: user.name, requestId: randomUUID() };
});
