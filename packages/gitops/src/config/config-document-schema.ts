import { z } from 'zod';

// The YAML documents of a workspace folder. Plain validation only (no transforms), so that
// `z.toJSONSchema` describes exactly what is accepted: the editors' schema is generated from here.

const resourceName = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, 'use up to 64 letters, digits, _ . or -');
const secretName = z
  .string()
  .max(128)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'use letters, digits and _, not starting with a digit');
const secretReference = z
  .string()
  .regex(
    /^\{\{\s*env\.[A-Za-z_][A-Za-z0-9_]*\s*\}\}$/,
    'use a {{ env.NAME }} secret reference: credentials never live in the folder',
  );
/** `./file.ts` or `./file.ts#exportName`, relative to the YAML file. */
const scriptReference = z
  .string()
  .min(1)
  .max(500)
  .regex(
    /^[^#]+(#[A-Za-z_$][A-Za-z0-9_$]*)?$/,
    'use path/to/file.ts or path/to/file.ts#exportName',
  );
const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

export const ZConnectorDocument = z
  .strictObject({
    kind: z.literal('connector'),
    name: resourceName,
    type: z.enum(['postgres', 'mysql', 'redis']),
    description: z.string().max(2000).optional(),
    /** Omitted: keep the URL stored in the workspace (required for a new connector). */
    connection: secretReference.optional(),
    options: z.strictObject({ poolSize: z.int().min(1).max(100).optional() }).optional(),
  })
  .describe('A database connector. Its URL is always a {{ env.NAME }} secret reference.');

export const ZSecretsDocument = z
  .strictObject({
    kind: z.literal('secrets'),
    secrets: z.array(secretName).max(1000),
  })
  .describe('The secrets the workspace needs, by name. Values are set with the CLI or dashboard.');

export const ZPolicyDocument = z
  .strictObject({
    kind: z.literal('policy'),
    name: resourceName,
    description: z.string().max(2000).optional(),
    plugin: z.enum(['allow_all', 'api_key', 'jwt', 'token_scopes', 'script']),
    /** Credentials (`value`, `secret`) are {{ env.NAME }} references, or omitted to keep the stored one. */
    params: z.record(z.string(), jsonValue).optional(),
    /** A `script` policy's file, relative to this one: `./file.ts` or `./file.ts#exportName`. */
    script: scriptReference.optional(),
  })
  .describe('A reusable auth policy that tools name in `auth`.');

const inputDeclaration = z.strictObject({
  type: z.enum(['string', 'int', 'float', 'boolean', 'datetime']),
  description: z.string().max(2000).optional(),
  optional: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

export const ZToolDocument = z
  .strictObject({
    kind: z.literal('tool'),
    name: z
      .string()
      .max(128)
      .regex(/^[a-z][a-z0-9_-]*$/, 'use lowercase letters, digits, _ or -, starting with a letter'),
    title: z.string().max(200).optional(),
    description: z.string().max(10_000).optional(),
    /** Statement tools: the connector's name and the statement. */
    connector: resourceName.optional(),
    statement: z.string().min(1).max(100_000).optional(),
    /** Script tools: the handler's file, relative to this one. */
    handler: scriptReference.optional(),
    inputs: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), inputDeclaration).optional(),
    mappers: z
      .strictObject({ input: scriptReference.optional(), output: scriptReference.optional() })
      .optional(),
    /** The name of an auth policy. */
    auth: resourceName.optional(),
    cache: z
      .strictObject({
        enabled: z.boolean().optional(),
        ttl: z
          .int()
          .min(0)
          .max(30 * 86_400)
          .optional(),
      })
      .optional(),
    readOnly: z.boolean().optional(),
    rowLimit: z.int().min(1).max(1_000_000).optional(),
    timeoutMs: z.int().min(1).max(300_000).optional(),
    secrets: z.array(secretName).max(100).optional(),
    annotations: z.record(z.string(), z.union([z.string(), z.boolean()])).optional(),
    /** Hyperterse < v1.3: bare string placeholders are values. */
    legacyPlaceholders: z.boolean().optional(),
    enabled: z.boolean().optional(),
  })
  .describe('A tool: a statement on a connector, or a script handler.');

export const ZConfigDocument = z.discriminatedUnion('kind', [
  ZConnectorDocument,
  ZSecretsDocument,
  ZPolicyDocument,
  ZToolDocument,
]);

export type ConnectorDocument = z.infer<typeof ZConnectorDocument>;
export type SecretsDocument = z.infer<typeof ZSecretsDocument>;
export type PolicyDocument = z.infer<typeof ZPolicyDocument>;
export type ToolDocument = z.infer<typeof ZToolDocument>;
export type ConfigDocument = z.infer<typeof ZConfigDocument>;
