import { type Db, withTransaction } from '../client';
import type { Tool } from '../generated/prisma/client';
import { newId } from '../ids';
import type { Keyring } from '../keys/keyring';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { validate } from '../validation';
import { sealInlineAuth } from './inline-auth-credentials';
import { toolData } from './tool-data';
import { type ToolDefinitionInput, toolDefinitionSchema } from './tool-definition';
import { writeToolVersion } from './write-tool-version';

/**
 * Creates a tool at version 1 and its first ToolVersion, in one transaction. ALREADY_EXISTS
 * (field `name`) when the name is taken; INVALID when connectorId or authPolicyId does not name a
 * row of this workspace (a composite foreign key enforces it). Literal credentials of an inline
 * auth block are stored encrypted with the workspace's data key, which needs `options.keyring`.
 */
export async function createTool(
  db: Db,
  workspaceId: string,
  input: ToolDefinitionInput,
  options: { actorUserId?: string | null; keyring?: Keyring } = {},
): Promise<Tool> {
  const definition = validate(toolDefinitionSchema, input);
  const id = newId('tool');
  return withTransaction(db, async (tx) => {
    const sealed = await sealInlineAuth(tx, options.keyring, workspaceId, id, definition);
    const tool = await guard(
      tx.tool.create({ data: { id, workspaceId, ...toolData(sealed) } }),
      'tool',
    );
    await writeToolVersion(tx, tool, options.actorUserId ?? null);
    await notifyChange(tx, { workspaceId, kind: 'tool', id: tool.id });
    return tool;
  });
}
