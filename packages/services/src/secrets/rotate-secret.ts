import { rotateSecret as rotateSecretRow, type Secret } from '@toolplane/db';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { parseInput } from '../parse-input';

export const ZRotateSecretInput = z.object({
  name: z.string().min(1),
  value: z
    .string()
    .min(1, 'Enter the new value.')
    .max(64 * 1024, 'Values are limited to 64 KB.'),
  expectedVersion: z.number().int().min(1).optional(),
});

/** New value, version + 1: the runtime's caches key on the version and pick it up at once. */
export async function rotateSecret(
  ctx: WorkspaceContext,
  input: z.input<typeof ZRotateSecretInput>,
): Promise<Secret> {
  authorize(ctx, 'secret.rotate');
  const data = parseInput(ZRotateSecretInput, input);
  return audited(
    ctx,
    (tx) => rotateSecretRow(tx, ctx.deps.keyring, ctx.workspace.id, data),
    (secret) => ({
      action: 'secret.rotate',
      targetType: 'secret',
      targetId: secret.id,
      before: { name: secret.name, value: 'old', version: secret.version - 1 },
      after: { name: secret.name, value: 'new', version: secret.version },
    }),
  );
}
