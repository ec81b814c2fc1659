import type { Metadata } from 'next';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { ResetPasswordForm } from '@/modules/auth/password-reset/components/password-reset-forms';
import { TextLink } from '@/modules/ui/components/text-link';

export const metadata: Metadata = { title: 'Set a new password' };

export default async function ResetPasswordPage({
  params,
}: {
  params: Promise<{ token: string }>;
}) {
  const { token } = await params;
  return (
    <AuthCard
      title="Set a new password"
      description="Every session of your account ends, and you sign in with the new password."
      footer={<TextLink href="/forgot-password">Ask for a new link</TextLink>}
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
