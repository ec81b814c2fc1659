import type { Db } from '../client';
import type { Tool } from '../generated/prisma/client';

export async function getTool(db: Db, workspaceId: string, toolId: string): Promise<Tool | null> {
  return db.tool.findFirst({ where: { id: toolId, workspaceId } });
}
