import { createVerificationToken, findUserByEmail, normalizeEmail } from '@toolplane/db';
import type { ServiceDeps } from '../service-deps';

const RESET_LIFETIME_MS = 60 * 60_000;

/**
 * Emails a one-hour reset link when the address has an account. Answers the same either way, so
 * the form cannot be used to discover accounts.
 */
export async function requestPasswordReset(
  deps: ServiceDeps,
  input: { email: string; resetUrl: (token: string) => string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await createVerificationToken(
    deps.db,
    `reset:${user.id}`,
    new Date(Date.now() + RESET_LIFETIME_MS),
  );
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Toolplane password',
    text: `Someone asked to reset the password of your Toolplane account.\n\nSet a new password within the next hour:\n${input.resetUrl(token)}\n\nIf it was not you, ignore this message: your password stays the same.`,
  });
}
