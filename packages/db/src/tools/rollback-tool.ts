import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import type { Tool } from '../generated/prisma/client';
import type { Keyring } from '../keys/keyring';
import { validate } from '../validation';
import { saveToolDefinition } from './save-tool-definition';
import { toolDefinitionSchema } from './tool-definition';

/**
 * Restores the definition of an earlier version as a new version (history is never rewritten).
 * The tool keeps its current name, so clients calling it by name are not broken by a rollback.
 */
export async function rollbackTool(
  db: Db,
  workspaceId: string,
  toolId: string,
  input: { toVersion: number; expectedVersion: number },
  options: { actorUserId?: string | null; keyring?: Keyring } = {},
): Promise<Tool> {
  return withTransaction(db, async (tx) => {
    const current = await tx.tool.findFirst({ where: { id: toolId, workspaceId } });
    if (!current) throw notFound('tool');
    const target = await tx.toolVersion.findFirst({
      where: { toolId, workspaceId, version: input.toVersion },
    });
    if (!target) throw notFound(`version ${input.toVersion} of tool ${current.name}`);
    const snapshot = target.definition as Record<string, unknown>;
    const definition = validate(toolDefinitionSchema, { ...snapshot, name: current.name });
    return saveToolDefinition(
      tx,
      workspaceId,
      toolId,
      definition,
      input.expectedVersion,
      options.actorUserId ?? null,
      options.keyring,
    );
  });
}
