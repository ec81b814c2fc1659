import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/modules/auth/components/auth-card';
import { getCurrentUser } from '@/modules/auth/lib/get-current-user';
import { Wordmark } from '@/modules/ui/components/wordmark';
import { CreateWorkspaceForm } from '@/modules/workspace/create/components/create-workspace-form';

export const metadata: Metadata = { title: 'New workspace' };

export default async function NewWorkspacePage() {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/new');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-10 px-4 py-12">
      <Wordmark />
      <AuthCard
        title="Create a workspace"
        description="A workspace holds your team's connectors, secrets, tools and tokens, and gets its own MCP URL."
      >
        <CreateWorkspaceForm />
      </AuthCard>
    </main>
  );
}
