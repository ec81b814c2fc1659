import { previewInvitation } from '@toolplane/services';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { getCurrentUser } from '@/modules/auth/lib/get-current-user';
import { AcceptInvitationForm } from '@/modules/members/components/accept-invitation-form';
import { getServiceDeps } from '@/modules/server/service-deps';
import { FormAlert } from '@/modules/ui/components/form-alert';
import { TextLink } from '@/modules/ui/components/text-link';
import { Wordmark } from '@/modules/ui/components/wordmark';

export const metadata: Metadata = { title: 'Invitation' };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(`/invite/${token}`)}`);
  const invitation = await previewInvitation(getServiceDeps(), token);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-10 px-4 py-12">
      <Wordmark />
      {invitation ? (
        <AuthCard
          title={`Join ${invitation.workspaceName}`}
          description={`You were invited as ${invitation.role}. You are signed in as ${user.email}.`}
        >
          <AcceptInvitationForm token={token} workspaceName={invitation.workspaceName} />
        </AuthCard>
      ) : (
        <AuthCard
          title="Invitation not valid"
          description="This link was already used, revoked or has expired."
        >
          <FormAlert tone="notice">Ask a workspace admin for a new invitation link.</FormAlert>
          <p className="mt-4 text-sm">
            <TextLink href="/">Go to your workspaces</TextLink>
          </p>
        </AuthCard>
      )}
    </main>
  );
}
