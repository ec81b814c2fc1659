import { type Db, withTransaction } from '../client';
import type { Tool } from '../generated/prisma/client';
import { newId } from '../ids';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { toolData } from './tool-data';
import { type ToolDefinitionInput, toolDefinitionSchema } from './tool-definition';
import { writeToolVersion } from './write-tool-version';

/**
 * Creates a tool at version 1 and its first ToolVersion, in one transaction. ALREADY_EXISTS
 * (field `name`) when the name is taken; INVALID when connectorId or authPolicyId does not name a
 * row of this workspace (a composite foreign key enforces it).
 */
export async function createTool(
  db: Db,
  workspaceId: string,
  input: ToolDefinitionInput,
  options: { actorUserId?: string | null } = {},
): Promise<Tool> {
  const definition = validate(toolDefinitionSchema, input);
  return withTransaction(db, async (tx) => {
    const tool = await guard(
      tx.tool.create({ data: { id: newId('tool'), workspaceId, ...toolData(definition) } }),
      'tool',
    );
    await writeToolVersion(tx, tool, options.actorUserId ?? null);
    await notifyChange(tx, { workspaceId, kind: 'tool', id: tool.id });
    return tool;
  });
}
