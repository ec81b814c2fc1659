import { z } from 'zod';

export const ZConnectorInput = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, 'Use up to 64 letters, digits, _ . or -.'),
  type: z.enum(['postgres', 'mysql', 'redis'], 'Choose PostgreSQL, MySQL/MariaDB or Redis.'),
  description: z.string().trim().max(2000, 'Use at most 2,000 characters.').default(''),
  /** A URL or `{{ env.NAME }}`; empty on edit keeps the stored one. */
  connection: z.string().max(4096, 'That URL is too long.').default(''),
});

export type ConnectorInput = z.input<typeof ZConnectorInput>;

/** Strips credentials for an audit snapshot (the URL is never logged, only that it changed). */
export function connectorSnapshot(c: {
  name: string;
  type: string;
  description: string;
  hasUrl: boolean;
  urlSecretRef: string | null;
}) {
  return {
    name: c.name,
    type: c.type,
    description: c.description,
    connection: c.urlSecretRef
      ? `{{ env.${c.urlSecretRef} }}`
      : c.hasUrl
        ? 'literal (encrypted)'
        : null,
  };
}
