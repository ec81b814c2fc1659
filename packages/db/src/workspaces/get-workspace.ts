import type { Db } from '../client';
import { type Workspace, workspaceOmit } from './workspace-settings';

export async function getWorkspace(db: Db, workspaceId: string): Promise<Workspace | null> {
  return db.workspace.findFirst({ where: { id: workspaceId }, omit: workspaceOmit });
}
