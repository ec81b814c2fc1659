import { Prisma } from './generated/prisma/client';

/** Any JSON value, as stored in jsonb columns. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** For nullable jsonb columns: JSON `null` from callers means SQL NULL (no value). */
export function nullableJson(
  value: JsonValue | undefined,
): Prisma.InputJsonValue | typeof Prisma.DbNull | undefined {
  if (value === undefined) return undefined;
  if (value === null) return Prisma.DbNull;
  return value as Prisma.InputJsonValue;
}

export function json(value: JsonValue): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}
