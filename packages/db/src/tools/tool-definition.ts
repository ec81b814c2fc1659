import { z } from 'zod';
import type { Tool } from '../generated/prisma/client';
import type { JsonValue } from '../json';

const source = z.string().max(512 * 1024);
const exportName = z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be an identifier');
const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

/**
 * What a tool is, as stored and as snapshotted in each ToolVersion. The data layer checks shape
 * and storage invariants only; packages/pipeline validates meaning (inputs, statement, scripts).
 */
const toolDefinitionObject = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,128}$/, 'use 1–128 letters, digits, _ . or - (MCP tool names)'),
    title: z.string().max(200).nullable().default(null),
    description: z.string().max(10_000).default(''),
    kind: z.enum(['statement', 'script']),
    connectorId: z.string().min(1).nullable().default(null),
    statement: z.string().max(100_000).nullable().default(null),
    inputs: z.array(jsonValue).default([]),
    handlerSource: source.nullable().default(null),
    handlerExport: exportName.nullable().default(null),
    inputMapperSource: source.nullable().default(null),
    inputMapperExport: exportName.nullable().default(null),
    outputMapperSource: source.nullable().default(null),
    outputMapperExport: exportName.nullable().default(null),
    authPolicyId: z.string().min(1).nullable().default(null),
    authInline: z.record(z.string(), jsonValue).nullable().default(null),
    cacheEnabled: z.boolean().default(false),
    cacheTtlSeconds: z
      .number()
      .int()
      .min(0)
      .max(30 * 86_400)
      .nullable()
      .default(null),
    readOnly: z.boolean().default(true),
    rowCap: z.number().int().min(1).max(1_000_000).nullable().default(null),
    timeoutMs: z.number().int().min(1).max(300_000).nullable().default(null),
    declaredSecrets: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a secret name'))
      .max(100)
      .default([]),
    annotations: z.record(z.string(), jsonValue).default({}),
    legacyPlaceholders: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .strict();

export const toolDefinitionSchema = toolDefinitionObject.superRefine((tool, ctx) => {
  if (tool.kind === 'statement') {
    if (!tool.connectorId)
      ctx.addIssue({
        code: 'custom',
        path: ['connectorId'],
        message: 'a statement tool needs a connector',
      });
    if (!tool.statement?.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['statement'],
        message: 'a statement tool needs a statement',
      });
  } else if (!tool.handlerSource?.trim()) {
    ctx.addIssue({
      code: 'custom',
      path: ['handlerSource'],
      message: 'a script tool needs a handler',
    });
  }
  if (tool.authPolicyId && tool.authInline) {
    ctx.addIssue({
      code: 'custom',
      path: ['authInline'],
      message: 'use a shared auth policy or an inline auth block, not both',
    });
  }
});

export type ToolDefinitionInput = z.input<typeof toolDefinitionSchema>;
export type ToolDefinition = z.output<typeof toolDefinitionSchema>;

const FIELDS = Object.keys(toolDefinitionObject.shape) as (keyof ToolDefinition)[];

/** The definition part of a tool row: what ToolVersion snapshots and rollback restores. */
export function toolDefinitionOf(tool: Tool): ToolDefinition {
  const definition: Record<string, unknown> = {};
  for (const field of FIELDS) definition[field] = tool[field];
  return definition as ToolDefinition;
}
