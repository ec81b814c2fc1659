import type { Metadata } from 'next';
import { getEnv } from '@/env';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { oauthButtons } from '@/modules/auth/lib/oauth-providers';
import { ProviderButtons } from '@/modules/auth/sign-in/components/provider-buttons';
import { SignInForm } from '@/modules/auth/sign-in/components/sign-in-form';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextLink } from '@/modules/ui/components/text-link';

export const metadata: Metadata = { title: 'Sign in' };

/** Auth.js sends refused or failed provider sign-ins back here with `?error=`. */
function errorText(error: string | undefined): string | null {
  if (!error) return null;
  if (error === 'unverified')
    return 'Your account at the provider has no verified email address. Verify it there, or sign in with your password.';
  return 'Sign-in with that provider failed. Try again, or use your email and password.';
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; reset?: string; error?: string }>;
}) {
  const { next, reset, error } = await searchParams;
  const target = typeof next === 'string' && next.startsWith('/') ? next : '/';
  const problem = errorText(typeof error === 'string' ? error : undefined);
  return (
    <AuthCard
      title="Sign in to Toolplane"
      description="Welcome back. Enter your details to continue."
      footer={
        <>
          New to Toolplane? <TextLink href="/sign-up">Create an account</TextLink>
        </>
      }
    >
      {reset ? (
        <div className="mb-5">
          <FormAlert tone="success">Password changed. Sign in with the new one.</FormAlert>
        </div>
      ) : null}
      {problem ? (
        <div className="mb-5">
          <FormAlert tone="error">{problem}</FormAlert>
        </div>
      ) : null}
      <ProviderButtons providers={oauthButtons(getEnv())} next={target} />
      <SignInForm next={target} />
    </AuthCard>
  );
}
