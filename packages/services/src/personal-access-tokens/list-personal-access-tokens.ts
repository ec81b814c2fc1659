import { listPersonalAccessTokens as listTokenRows, type PersonalAccessToken } from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';

/** The actor's own tokens, newest first (never another user's, never a hash). */
export async function listPersonalAccessTokens(
  deps: ServiceDeps,
  actor: Actor,
): Promise<PersonalAccessToken[]> {
  return listTokenRows(deps.db, actor.userId);
}
