import type { Db } from '../client';
import type { ToolVersion } from '../generated/prisma/client';

/** The tool's history, newest first. Empty when the tool is not in this workspace. */
export async function listToolVersions(
  db: Db,
  workspaceId: string,
  toolId: string,
): Promise<ToolVersion[]> {
  return db.toolVersion.findMany({
    where: { workspaceId, toolId },
    orderBy: { version: 'desc' },
  });
}
