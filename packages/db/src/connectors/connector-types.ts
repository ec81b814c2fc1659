import { z } from 'zod';
import type { Connector as ConnectorRow } from '../generated/prisma/client';

/** A connector as list/get return it: the encrypted URL never leaves packages/db. */
export type Connector = Omit<ConnectorRow, 'urlCiphertext'> & {
  /** Whether a literal URL is stored (it is never returned). */
  hasUrl: boolean;
};

export function toConnector(row: ConnectorRow): Connector {
  const { urlCiphertext, ...rest } = row;
  return { ...rest, hasUrl: urlCiphertext !== null };
}

export const connectorNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, 'use up to 64 letters, digits, _ . or -');

export const secretNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must match ^[A-Za-z_][A-Za-z0-9_]*$')
  .max(128);

const schemes: Record<string, readonly string[]> = {
  postgres: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
  redis: ['redis:', 'rediss:'],
};

/** Checks the URL's scheme fits the connector type. The message never echoes the URL. */
export function connectorUrlProblem(type: string, url: string): string | null {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return 'url: is not a valid URL';
  }
  const allowed = schemes[type] ?? [];
  return allowed.includes(protocol)
    ? null
    : `url: a ${type} connector needs a ${allowed.map((s) => `${s}//`).join(' or ')} URL`;
}

export function connectorUrlAad(workspaceId: string, connectorId: string): string {
  return `${workspaceId}:connector:${connectorId}:url`;
}
