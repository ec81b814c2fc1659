import { listMyWorkspaces } from '@toolplane/services';
import { redirect } from 'next/navigation';
import { getCurrentUser } from '@/modules/auth/lib/get-current-user';
import { getServiceDeps } from '@/modules/server/service-deps';

/** Signed out: sign in. Signed in: the first workspace, or creating one. */
export default async function HomePage(): Promise<never> {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in');
  const [first] = await listMyWorkspaces(getServiceDeps(), user);
  redirect(first ? `/w/${first.workspace.slug}/tools` : '/new');
}
