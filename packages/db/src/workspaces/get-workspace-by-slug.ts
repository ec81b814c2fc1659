import type { Db } from '../client';
import { type Workspace, workspaceOmit } from './workspace-settings';

export async function getWorkspaceBySlug(db: Db, slug: string): Promise<Workspace | null> {
  return db.workspace.findFirst({ where: { slug }, omit: workspaceOmit });
}
