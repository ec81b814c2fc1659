import { hashPassword, passwordProblem } from '@toolplane/auth';
import { createUser, DbError } from '@toolplane/db';
import { z } from 'zod';
import { parseInput } from '../parse-input';
import type { ServiceDeps } from '../service-deps';
import { ServiceError, toServiceError } from '../service-error';

export const ZSignUpInput = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.'),
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .max(254, 'That email address is too long.')
    .pipe(z.email('Enter a valid email address, like you@company.com.')),
  password: z.string(),
});

/** Creates an account with an argon2id password hash. */
export async function signUp(
  deps: ServiceDeps,
  input: z.input<typeof ZSignUpInput>,
): Promise<{ userId: string; email: string }> {
  // Every field's problem at once: the schema's and the password rules'.
  const problem = passwordProblem(input.password, { email: input.email });
  let data: z.output<typeof ZSignUpInput>;
  try {
    data = parseInput(ZSignUpInput, input);
  } catch (error) {
    if (error instanceof ServiceError && problem) {
      throw new ServiceError('INVALID', error.message, {
        fieldErrors: { ...error.fieldErrors, password: problem },
      });
    }
    throw error;
  }
  if (problem) throw new ServiceError('INVALID', problem, { fieldErrors: { password: problem } });
  try {
    const user = await createUser(deps.db, {
      email: data.email,
      name: data.name,
      passwordHash: await hashPassword(data.password),
    });
    return { userId: user.id, email: user.email };
  } catch (error) {
    if (error instanceof DbError && error.code === 'ALREADY_EXISTS') {
      const message = 'An account with this email already exists. Sign in instead.';
      throw new ServiceError('ALREADY_EXISTS', message, { fieldErrors: { email: message } });
    }
    throw toServiceError(error);
  }
}
