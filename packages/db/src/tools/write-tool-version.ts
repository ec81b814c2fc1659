import type { Prisma, Tool } from '../generated/prisma/client';
import { newId } from '../ids';
import { json } from '../json';
import { toolDefinitionOf } from './tool-definition';

/** Appends the immutable snapshot of `tool` at its current version (same transaction). */
export async function writeToolVersion(
  tx: Prisma.TransactionClient,
  tool: Tool,
  actorUserId: string | null,
): Promise<void> {
  await tx.toolVersion.create({
    data: {
      id: newId('tv'),
      workspaceId: tool.workspaceId,
      toolId: tool.id,
      version: tool.version,
      definition: json(toolDefinitionOf(tool)),
      createdById: actorUserId,
    },
  });
}
