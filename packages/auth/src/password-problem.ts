/** NIST SP 800-63B: length over composition rules; 12 leaves room above its 8-character floor. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Why a new password is refused, as a sentence for the form; null when it is acceptable.
 * Length first, then the guessable shapes NIST asks verifiers to refuse.
 */
export function passwordProblem(password: string, context: { email?: string } = {}): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return 'That password is too long.';
  if (new Set(password).size <= 2) return 'Use more than one or two different characters.';
  const lower = password.toLowerCase();
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) {
    return 'Do not use your email address in your password.';
  }
  if (/^(password|toolplane|qwerty|123456)/.test(lower))
    return 'That password is too easy to guess.';
  return null;
}
