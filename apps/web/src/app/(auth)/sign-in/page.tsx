import type { Metadata } from 'next';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { SignInForm } from '@/modules/auth/sign-in/components/sign-in-form';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextLink } from '@/modules/ui/components/text-link';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; reset?: string }>;
}) {
  const { next, reset } = await searchParams;
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
      <SignInForm next={typeof next === 'string' && next.startsWith('/') ? next : '/'} />
    </AuthCard>
  );
}
