import type { Prisma } from '../generated/prisma/client';
import { json, nullableJson } from '../json';
import type { ToolDefinition } from './tool-definition';

/** A validated definition as column values (jsonb nulls become SQL NULL). */
export function toolData(definition: ToolDefinition) {
  return {
    ...definition,
    inputs: json(definition.inputs),
    annotations: json(definition.annotations),
    authInline: nullableJson(definition.authInline) as Prisma.InputJsonValue | typeof Prisma.DbNull,
  };
}
