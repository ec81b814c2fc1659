import type { Db } from '../client';
import type { Tool } from '../generated/prisma/client';

/** Every tool of the workspace by name; `enabledOnly` for the runtime's registry. */
export async function listTools(
  db: Db,
  workspaceId: string,
  options: { enabledOnly?: boolean } = {},
): Promise<Tool[]> {
  return db.tool.findMany({
    where: options.enabledOnly ? { workspaceId, enabled: true } : { workspaceId },
    orderBy: { name: 'asc' },
  });
}
