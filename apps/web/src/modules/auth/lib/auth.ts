import { SESSION_MAX_AGE_SECONDS } from '@toolplane/auth';
import { ServiceError, verifyCredentials } from '@toolplane/services';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getEnv } from '../../../env';
import { getServiceDeps } from '../../server/service-deps';

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

/**
 * Auth.js, configured lazily (per request) so `next build` needs no secret. Credentials sign-in
 * forces JWT sessions; the token carries the user id and the session version, and every page,
 * action and route compares the version with the database (getCurrentUser).
 * GitHub, Google and OIDC sign-in are not wired yet (see the app README).
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: getEnv().AUTH_SECRET,
  trustHost: true,
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: '/sign-in' },
  providers: [
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
    jwt({ token, user }) {
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
