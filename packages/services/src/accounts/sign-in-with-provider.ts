import { findOrCreateOAuthUser } from '@toolplane/db';
import type { ServiceDeps } from '../service-deps';
import { ServiceError } from '../service-error';

/** What an OAuth/OIDC provider said about the person signing in (mapped by the edge). */
export interface ProviderIdentity {
  /** `github`, `google`, `oidc`. */
  provider: string;
  providerAccountId: string;
  email: string | null;
  /** True only when the provider vouches for the address (GitHub's verified primary email, `email_verified`). */
  emailVerified: boolean;
  name?: string | null;
  image?: string | null;
}

const UNVERIFIED =
  'Your account at the provider has no verified email address. Verify it there, or sign in with your password.';

function usableImage(image: string | null | undefined): string | null {
  if (!image || image.length > 2000) return null;
  try {
    return new URL(image).protocol === 'https:' ? image : null;
  } catch {
    return null;
  }
}

/**
 * Signs in with a provider: refuses an address the provider has not verified (which would let
 * anyone claim an existing account by typing its email at the provider), then finds or creates
 * the user. Returns the same claims the password sign-in puts in the JWT session.
 */
export async function signInWithProvider(
  deps: ServiceDeps,
  identity: ProviderIdentity,
): Promise<{ userId: string; sessionVersion: number; email: string; name: string | null }> {
  if (!identity.email || !identity.emailVerified)
    throw new ServiceError('UNAUTHENTICATED', UNVERIFIED);
  const user = await findOrCreateOAuthUser(deps.db, {
    provider: identity.provider,
    providerAccountId: identity.providerAccountId,
    email: identity.email,
    name: identity.name?.trim().slice(0, 200) || null,
    image: usableImage(identity.image),
  });
  return {
    userId: user.id,
    sessionVersion: user.sessionVersion,
    email: user.email,
    name: user.name,
  };
}
