import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import type { Tool } from '../generated/prisma/client';
import type { Keyring } from '../keys/keyring';
import { validate } from '../validation';
import { saveToolDefinition } from './save-tool-definition';
import {
  type ToolDefinitionInput,
  toolDefinitionOf,
  toolDefinitionSchema,
} from './tool-definition';

/**
 * Applies `patch` to the tool at `expectedVersion`: version + 1 and a new ToolVersion, or
 * CONFLICT when someone saved in between. The merged definition is validated as a whole.
 */
export async function updateTool(
  db: Db,
  workspaceId: string,
  toolId: string,
  input: Partial<ToolDefinitionInput> & { expectedVersion: number },
  options: { actorUserId?: string | null; keyring?: Keyring } = {},
): Promise<Tool> {
  const { expectedVersion, ...patch } = input;
  return withTransaction(db, async (tx) => {
    const current = await tx.tool.findFirst({ where: { id: toolId, workspaceId } });
    if (!current) throw notFound('tool');
    const definition = validate(toolDefinitionSchema, { ...toolDefinitionOf(current), ...patch });
    return saveToolDefinition(
      tx,
      workspaceId,
      toolId,
      definition,
      expectedVersion,
      options.actorUserId ?? null,
      options.keyring,
    );
  });
}
