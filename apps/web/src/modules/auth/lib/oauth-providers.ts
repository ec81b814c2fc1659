import type { ProviderIdentity } from '@toolplane/services';
import type { Provider } from 'next-auth/providers';
import GitHub from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';
import type { WebEnv } from '../../../env';

export type OAuthProviderId = 'github' | 'google' | 'oidc';

/** A sign-in button: which provider, and what it says. */
export interface OAuthButton {
  id: OAuthProviderId;
  label: string;
}

type ProviderEnv = Pick<
  WebEnv,
  | 'AUTH_GITHUB_ID'
  | 'AUTH_GITHUB_SECRET'
  | 'AUTH_GOOGLE_ID'
  | 'AUTH_GOOGLE_SECRET'
  | 'AUTH_OIDC_ISSUER'
  | 'AUTH_OIDC_ID'
  | 'AUTH_OIDC_SECRET'
  | 'AUTH_OIDC_NAME'
>;

/** The providers whose variables are all set, in button order. */
export function oauthButtons(env: ProviderEnv): OAuthButton[] {
  const buttons: OAuthButton[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) buttons.push({ id: 'github', label: 'GitHub' });
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) buttons.push({ id: 'google', label: 'Google' });
  if (env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_ID && env.AUTH_OIDC_SECRET)
    buttons.push({ id: 'oidc', label: env.AUTH_OIDC_NAME ?? 'Single sign-on' });
  return buttons;
}

/**
 * The origins of the enabled providers' authorization endpoints. Signing in without JavaScript
 * posts a form whose response redirects there, and CSP's form-action is enforced on every hop
 * of that redirect chain (CSP3 §6.4.1), so the page policy must list them. For generic OIDC it
 * is the issuer's origin, where providers serve their authorization endpoint.
 */
export function oauthAuthorizationOrigins(env: ProviderEnv): string[] {
  const origins: string[] = [];
  for (const { id } of oauthButtons(env)) {
    if (id === 'github') origins.push('https://github.com');
    if (id === 'google') origins.push('https://accounts.google.com');
    if (id === 'oidc' && env.AUTH_OIDC_ISSUER) origins.push(new URL(env.AUTH_OIDC_ISSUER).origin);
  }
  return origins;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub's primary email, only when GitHub has verified it (`/user/emails`). */
export function primaryVerifiedGitHubEmail(emails: unknown): string | null {
  if (!Array.isArray(emails)) return null;
  const primary = (emails as GitHubEmail[]).find((e) => e?.primary === true);
  return primary?.verified === true && typeof primary.email === 'string' ? primary.email : null;
}

/**
 * GitHub's public profile email is whatever the user chose to show; the address that counts is
 * the primary one from `/user/emails`, and only if verified. (Replaces Auth.js's default
 * userinfo request, which falls back to any address without looking at `verified`.)
 */
const githubUserinfo = {
  url: 'https://api.github.com/user',
  async request({ tokens }: { tokens: { access_token?: string } }) {
    const headers = {
      Authorization: `Bearer ${tokens.access_token}`,
      'User-Agent': 'toolplane',
      Accept: 'application/vnd.github+json',
    };
    const profile = (await (
      await fetch('https://api.github.com/user', { headers })
    ).json()) as Record<string, unknown>;
    const res = await fetch('https://api.github.com/user/emails', { headers });
    const email = res.ok ? primaryVerifiedGitHubEmail(await res.json()) : null;
    return { ...profile, email, email_verified: email !== null };
  },
};

/** Auth.js provider configurations for the enabled providers (none of them fetches anything yet). */
export function oauthProviders(env: ProviderEnv): Provider[] {
  const providers: Provider[] = [];
  for (const { id, label } of oauthButtons(env)) {
    if (id === 'github')
      providers.push(
        GitHub({
          clientId: env.AUTH_GITHUB_ID,
          clientSecret: env.AUTH_GITHUB_SECRET,
          userinfo: githubUserinfo,
        }),
      );
    if (id === 'google')
      providers.push(
        Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET }),
      );
    if (id === 'oidc')
      providers.push({
        id: 'oidc',
        name: label,
        type: 'oidc',
        issuer: env.AUTH_OIDC_ISSUER,
        clientId: env.AUTH_OIDC_ID,
        clientSecret: env.AUTH_OIDC_SECRET,
        authorization: { params: { scope: 'openid email profile' } },
        checks: ['pkce', 'state', 'nonce'],
      });
  }
  return providers;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * What a provider's profile says about the person. The address counts as verified only when
 * the provider says so explicitly: GitHub's verified primary email (see githubUserinfo), and
 * `email_verified` for Google and OIDC (a missing claim counts as not verified; some providers
 * send the string "true").
 */
export function identityFromProfile(
  provider: string,
  providerAccountId: string,
  profile: Record<string, unknown>,
): ProviderIdentity {
  const verified = profile.email_verified === true || profile.email_verified === 'true';
  return {
    provider,
    providerAccountId,
    email: text(profile.email),
    emailVerified: verified,
    name: text(profile.name) ?? text(profile.login) ?? text(profile.preferred_username),
    image: text(profile.picture) ?? text(profile.avatar_url),
  };
}
