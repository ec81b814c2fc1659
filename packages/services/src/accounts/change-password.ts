import { hashPassword, passwordProblem, verifyPassword } from '@toolplane/auth';
import { getUser, setUserPassword } from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';
import { ServiceError } from '../service-error';

/**
 * Changes the actor's password after checking the current one. The session version is bumped,
 * which ends every other session; the edge re-issues the caller's own.
 */
export async function changePassword(
  deps: ServiceDeps,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
): Promise<{ sessionVersion: number }> {
  const user = await getUser(deps.db, actor.userId);
  if (!user) throw new ServiceError('UNAUTHENTICATED', 'Sign in again.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const message = 'That is not your current password.';
    throw new ServiceError('INVALID', message, { fieldErrors: { currentPassword: message } });
  }
  const problem = passwordProblem(input.newPassword, { email: user.email });
  if (problem)
    throw new ServiceError('INVALID', problem, { fieldErrors: { newPassword: problem } });
  return setUserPassword(deps.db, user.id, await hashPassword(input.newPassword));
}
