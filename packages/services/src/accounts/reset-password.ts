import { hashPassword, passwordProblem } from '@toolplane/auth';
import { consumeVerificationToken, getUser, setUserPassword } from '@toolplane/db';
import type { ServiceDeps } from '../service-deps';
import { ServiceError } from '../service-error';

/** Sets a new password from an emailed link; every existing session ends. */
export async function resetPassword(
  deps: ServiceDeps,
  input: { token: string; newPassword: string },
): Promise<{ email: string }> {
  const problem = passwordProblem(input.newPassword);
  if (problem)
    throw new ServiceError('INVALID', problem, { fieldErrors: { newPassword: problem } });
  const identifier = await consumeVerificationToken(deps.db, input.token);
  const userId = identifier?.startsWith('reset:') ? identifier.slice('reset:'.length) : null;
  const user = userId ? await getUser(deps.db, userId) : null;
  if (!user) {
    throw new ServiceError(
      'NOT_FOUND',
      'This reset link has expired or was already used. Ask for a new one.',
    );
  }
  await setUserPassword(deps.db, user.id, await hashPassword(input.newPassword));
  return { email: user.email };
}
