import { type ServiceDeps, signInWithProvider } from '@toolplane/services';
import { identityFromProfile } from './oauth-providers';

/**
 * The session claims of a provider sign-in: the user found by provider account or verified
 * email, or created without a password, and their current session version — the same `uid` /
 * `sv` the password sign-in puts in the token. Throws (UNAUTHENTICATED) for an unverified address.
 */
export async function providerSignInClaims(
  deps: ServiceDeps,
  account: { provider: string; providerAccountId: string },
  profile: Record<string, unknown>,
): Promise<{ uid: string; sv: number; email: string; name: string | null }> {
  const user = await signInWithProvider(
    deps,
    identityFromProfile(account.provider, account.providerAccountId, profile),
  );
  return { uid: user.userId, sv: user.sessionVersion, email: user.email, name: user.name };
}
