import { DbError, notFound } from '../errors';
import type { Prisma, Tool } from '../generated/prisma/client';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { toolData } from './tool-data';
import type { ToolDefinition } from './tool-definition';
import { writeToolVersion } from './write-tool-version';

/**
 * Writes `definition` over the tool if it is still at `expectedVersion`: version + 1, a new
 * ToolVersion and a change notification, inside the caller's transaction.
 */
export async function saveToolDefinition(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  toolId: string,
  definition: ToolDefinition,
  expectedVersion: number,
  actorUserId: string | null,
): Promise<Tool> {
  const { count } = await guard(
    tx.tool.updateMany({
      where: { id: toolId, workspaceId, version: expectedVersion },
      data: { ...toolData(definition), version: { increment: 1 } },
    }),
    'tool',
  );
  const tool = await tx.tool.findFirst({ where: { id: toolId, workspaceId } });
  if (!tool) throw notFound('tool');
  if (count === 0) {
    throw new DbError(
      'CONFLICT',
      `tool ${tool.name} changed since you loaded it (version ${expectedVersion}, now ${tool.version})`,
    );
  }
  await writeToolVersion(tx, tool, actorUserId);
  await notifyChange(tx, { workspaceId, kind: 'tool', id: tool.id });
  return tool;
}
