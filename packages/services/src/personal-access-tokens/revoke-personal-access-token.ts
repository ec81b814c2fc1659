import {
  type PersonalAccessToken,
  revokePersonalAccessToken as revokeTokenRow,
} from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';
import { mapDbErrors } from '../service-error';

/**
 * Revokes one of the actor's tokens; the next request made with it is refused. Revoking twice is
 * harmless; another user's token is NOT_FOUND, exactly like one that does not exist.
 */
export async function revokePersonalAccessToken(
  deps: ServiceDeps,
  actor: Actor,
  tokenId: string,
): Promise<PersonalAccessToken> {
  return mapDbErrors(() => revokeTokenRow(deps.db, actor.userId, tokenId));
}
