import { getUser } from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';
import { ServiceError } from '../service-error';

/** What a user may read about their own account; never the hash or session counters. */
export interface Profile {
  id: string;
  email: string;
  name: string | null;
}

/** The acting user's own profile (the REST API's GET /me). */
export async function getProfile(deps: ServiceDeps, actor: Actor): Promise<Profile> {
  const user = await getUser(deps.db, actor.userId);
  // The token that authenticated the actor outlived its user (deleted between the two reads).
  if (!user) throw new ServiceError('NOT_FOUND', 'User not found.');
  return { id: user.id, email: user.email, name: user.name };
}
