import { DbError, notFound } from '../errors';
import type { Prisma, Tool } from '../generated/prisma/client';
import type { Keyring } from '../keys/keyring';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { sealInlineAuth } from './inline-auth-credentials';
import { toolData } from './tool-data';
import type { ToolDefinition } from './tool-definition';
import { writeToolVersion } from './write-tool-version';

/**
 * Writes `definition` over the tool if it is still at `expectedVersion`: version + 1, a new
 * ToolVersion and a change notification, inside the caller's transaction. Literal inline auth
 * credentials are sealed first (see sealInlineAuth), so neither the tool nor its version holds one.
 */
export async function saveToolDefinition(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  toolId: string,
  definition: ToolDefinition,
  expectedVersion: number,
  actorUserId: string | null,
  keyring: Keyring | undefined,
): Promise<Tool> {
  const sealed = await sealInlineAuth(tx, keyring, workspaceId, toolId, definition);
  const { count } = await guard(
    tx.tool.updateMany({
      where: { id: toolId, workspaceId, version: expectedVersion },
      data: { ...toolData(sealed), version: { increment: 1 } },
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
