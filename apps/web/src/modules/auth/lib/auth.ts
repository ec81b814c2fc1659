import { SESSION_MAX_AGE_SECONDS } from '@toolplane/auth';
import { ServiceError, verifyCredentials } from '@toolplane/services';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getEnv } from '../../../env';
import { getServiceDeps } from '../../server/service-deps';
import { identityFromProfile, oauthProviders } from './oauth-providers';
import { providerSignInClaims } from './provider-sign-in-claims';

/** Carries why a credentials sign-in was refused to the sign-in action (`locked` or `wrong`). */
class SignInRefused extends CredentialsSignin {
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

function clientIp(request: Request): string | null {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip') || null;
}

/** Where a refused provider sign-in lands: the sign-in page says why. */
export const UNVERIFIED_EMAIL_REDIRECT = '/sign-in?error=unverified';

/**
 * Auth.js, configured lazily (per request) so `next build` needs no secret. Sessions are JWTs
 * (Credentials requires it); the token carries the user id and the session version, and every
 * page, action and route compares the version with the database (getCurrentUser). GitHub,
 * Google and OIDC are added when their variables are set; they share the same claims.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: getEnv().AUTH_SECRET,
  trustHost: true,
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: '/sign-in', error: '/sign-in' },
  providers: [
    ...oauthProviders(getEnv()),
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(credentials, request) {
        const email = typeof credentials.email === 'string' ? credentials.email : '';
        const password = typeof credentials.password === 'string' ? credentials.password : '';
        try {
          const user = await verifyCredentials(getServiceDeps(), {
            email,
            password,
            ip: clientIp(request),
          });
          return { id: user.userId, email: user.email, name: user.name, sv: user.sessionVersion };
        } catch (error) {
          if (error instanceof ServiceError) {
            throw new SignInRefused(
              error.code === 'RATE_LIMITED' ? 'locked' : 'wrong',
              error.message,
            );
          }
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    signIn({ account, profile }) {
      if (!account || account.type === 'credentials') return true;
      const identity = identityFromProfile(
        account.provider,
        account.providerAccountId,
        (profile ?? {}) as Record<string, unknown>,
      );
      return identity.email && identity.emailVerified ? true : UNVERIFIED_EMAIL_REDIRECT;
    },
    async jwt({ token, user, account, profile }) {
      if (account && account.type !== 'credentials') {
        const claims = await providerSignInClaims(
          getServiceDeps(),
          account,
          (profile ?? {}) as Record<string, unknown>,
        );
        return {
          ...token,
          sub: claims.uid,
          uid: claims.uid,
          sv: claims.sv,
          email: claims.email,
          name: claims.name,
        };
      }
      if (user?.id) {
        token.uid = user.id;
        token.sv = (user as { sv?: number }).sv ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      return { ...session, uid: token.uid, sv: token.sv };
    },
  },
}));
