import {
  listSecrets as listSecretRows,
  type Secret,
  setSecret as setSecretRow,
} from '@toolplane/db';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';

export const ZSecretInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the secret.')
    .max(128, 'Use at most 128 characters.')
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and _, not starting with a digit.'),
  value: z
    .string()
    .min(1, 'Enter the value.')
    .max(64 * 1024, 'Values are limited to 64 KB.'),
  description: z.string().trim().max(2000).default(''),
});

/** Creates a secret; an existing name is refused here (rotation is its own, deliberate action). */
export async function createSecret(
  ctx: WorkspaceContext,
  input: z.input<typeof ZSecretInput>,
): Promise<Secret> {
  authorize(ctx, 'secret.set');
  const data = parseInput(ZSecretInput, input);
  const existing = await listSecretRows(ctx.deps.db, ctx.workspace.id);
  if (existing.some((s) => s.name === data.name)) {
    const message = `${data.name} exists already. Rotate it to change its value.`;
    throw new ServiceError('ALREADY_EXISTS', message, { fieldErrors: { name: message } });
  }
  return audited(
    ctx,
    (tx) => setSecretRow(tx, ctx.deps.keyring, ctx.workspace.id, data),
    (secret) => ({
      action: 'secret.set',
      targetType: 'secret',
      targetId: secret.id,
      after: { name: secret.name, value: 'set', version: secret.version },
    }),
  );
}
