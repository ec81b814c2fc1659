import type { Metadata } from 'next';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { SignUpForm } from '@/modules/auth/sign-up/components/sign-up-form';
import { TextLink } from '@/modules/ui/components/text-link';

export const metadata: Metadata = { title: 'Create an account' };

export default function SignUpPage() {
  return (
    <AuthCard
      title="Create your account"
      description="Connect your databases and serve them to agents as MCP tools."
      footer={
        <>
          Already have an account? <TextLink href="/sign-in">Sign in</TextLink>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
