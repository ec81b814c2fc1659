import type { Db } from '../client';
import type { Tool } from '../generated/prisma/client';

export async function getToolByName(
  db: Db,
  workspaceId: string,
  name: string,
): Promise<Tool | null> {
  return db.tool.findFirst({ where: { workspaceId, name } });
}
