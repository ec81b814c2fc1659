import { z } from 'zod';
import { INPUT_TYPES } from '../inputs/input-type';

export const TOOL_NAME = /^[a-z][a-z0-9_-]*$/;
export const INPUT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const SECRET_NAME = /^[A-Za-z0-9_]+$/;
const RESERVED_INPUT_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** A script reference: `path[#export]` of a stored script (default export when no `#`). */
export const ScriptRefSchema = z.string().trim().min(1).max(500);

export const InputDeclarationSchema = z.strictObject({
  type: z.enum(INPUT_TYPES),
  description: z.string().max(2000).optional(),
  optional: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

const PolicyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const AuthBlockSchema = z.strictObject({
  plugin: z.string().min(1),
  policy: z.record(z.string(), PolicyValueSchema).default({}),
});

export const CacheSettingsSchema = z.strictObject({
  enabled: z.boolean().optional(),
  /** Seconds; `<= 0` disables caching for the tool (as in Hyperterse). */
  ttl: z.number().int().optional(),
});

/** MCP tool annotations, passed through to `tools/list`. */
export const AnnotationsSchema = z.strictObject({
  title: z.string().max(200).optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

const common = {
  name: z.string().regex(TOOL_NAME, 'must match ^[a-z][a-z0-9_-]*$').max(128),
  description: z.string().max(10_000).default(''),
  inputs: z
    .record(
      z
        .string()
        .regex(INPUT_NAME, 'input names must match ^[A-Za-z_][A-Za-z0-9_]*$')
        .refine((name) => !RESERVED_INPUT_NAMES.has(name), 'this input name is reserved'),
      InputDeclarationSchema,
    )
    .default({}),
  mappers: z
    .strictObject({ input: ScriptRefSchema.optional(), output: ScriptRefSchema.optional() })
    .default({}),
  auth: AuthBlockSchema.optional(),
  cache: CacheSettingsSchema.default({}),
  /** Statement tools run in a read-only transaction (Postgres/MySQL) when set. */
  readOnly: z.boolean().default(false),
  /** Most rows returned; more are cut and the result says `truncated: true`. */
  rowLimit: z.number().int().positive().optional(),
  /** Connector or handler time limit; the workspace's limit applies when lower. */
  timeoutMs: z.number().int().positive().optional(),
  /** Secrets the tool may read: handlers get them as env; statements may use `{{ env.X }}`. */
  secrets: z.array(z.string().regex(SECRET_NAME)).default([]),
  annotations: AnnotationsSchema.optional(),
  /** Hyperterse < v1.3 semantics: bare string placeholders are values (bound, never raw SQL). */
  legacyPlaceholders: z.boolean().default(false),
};

export const StatementToolSchema = z.strictObject({
  kind: z.literal('statement'),
  ...common,
  /** Connector name in the workspace; its type (postgres, mysql, redis) picks the dialect. */
  connector: z.string().min(1).max(128),
  statement: z.string().min(1).max(100_000),
});

export const ScriptToolSchema = z.strictObject({
  kind: z.literal('script'),
  ...common,
  handler: ScriptRefSchema,
});

/** A tool as the dashboard saves it and the importer produces it. */
export const ToolDefinitionSchema = z.discriminatedUnion('kind', [
  StatementToolSchema,
  ScriptToolSchema,
]);

export type ToolDefinition = z.output<typeof ToolDefinitionSchema>;
export type ToolDefinitionInput = z.input<typeof ToolDefinitionSchema>;
export type StatementToolDefinition = z.output<typeof StatementToolSchema>;
export type ScriptToolDefinition = z.output<typeof ScriptToolSchema>;
export type InputDeclaration = z.output<typeof InputDeclarationSchema>;
export type AuthBlock = z.output<typeof AuthBlockSchema>;
