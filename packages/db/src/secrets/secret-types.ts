import type { Secret as SecretRow } from '../generated/prisma/client';

/** A secret as the dashboard sees it: name and version, never the value. */
export type Secret = Omit<SecretRow, 'ciphertext'>;

export const secretOmit = { ciphertext: true } as const;

export const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function secretAad(workspaceId: string, secretId: string): string {
  return `${workspaceId}:secret:${secretId}`;
}
