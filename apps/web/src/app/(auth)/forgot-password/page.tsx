import type { Metadata } from 'next';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { ForgotPasswordForm } from '@/modules/auth/password-reset/components/password-reset-forms';
import { TextLink } from '@/modules/ui/components/text-link';

export const metadata: Metadata = { title: 'Reset your password' };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="We'll email you a link to set a new one."
      footer={
        <>
          Remembered it? <TextLink href="/sign-in">Sign in</TextLink>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
