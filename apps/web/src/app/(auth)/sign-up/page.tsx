import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getEnv } from '@/env';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { oauthButtons } from '@/modules/auth/lib/oauth-providers';
import { ProviderButtons } from '@/modules/auth/sign-in/components/provider-buttons';
import { SignUpForm } from '@/modules/auth/sign-up/components/sign-up-form';
import { TextLink } from '@/modules/ui/components/text-link';

export const metadata: Metadata = { title: 'Create an account' };

export default async function SignUpPage() {
  await connection(); // the buttons depend on this server's environment
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
      <ProviderButtons providers={oauthButtons(getEnv())} />
      <SignUpForm />
    </AuthCard>
  );
}
