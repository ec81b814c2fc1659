import { toolNameProblem } from '@toolplane/tool-definition/tool-name';
import { z } from 'zod';
import { INPUT_TYPES } from './tool-draft';

const nullableText = (max: number) => z.string().max(max).nullable().default(null);
const identifier = z
  .string()
  .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'Use an identifier, like getUser.')
  .nullable()
  .default(null);

/** What the editor submits (as JSON); the data layer and the compiler check the rest. */
export const ZToolDraft = z.object({
  name: z
    .string()
    .trim()
    .superRefine((name, ctx) => {
      const problem = toolNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  title: z.string().trim().max(200).nullable().default(null),
  description: z.string().max(10_000).default(''),
  kind: z.enum(['statement', 'script']),
  connectorId: z.string().min(1).nullable().default(null),
  statement: nullableText(100_000),
  inputs: z
    .array(
      z.object({
        name: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Input names use letters, digits and _.'),
        type: z.enum(INPUT_TYPES),
        description: z.string().max(2000).optional(),
        optional: z.boolean().optional(),
        default: z.union([z.string(), z.number(), z.boolean()]).optional(),
      }),
    )
    .max(100)
    .default([]),
  handlerSource: nullableText(512 * 1024),
  handlerExport: identifier,
  inputMapperSource: nullableText(512 * 1024),
  inputMapperExport: identifier,
  outputMapperSource: nullableText(512 * 1024),
  outputMapperExport: identifier,
  authPolicyId: z.string().min(1).nullable().default(null),
  // Never a block: the editor and the API see an inline block with its credentials redacted, and
  // a placeholder sent back would be sealed as the credential. Left out, the stored block stays
  // as it is; null removes it (so the tool can move to a shared policy).
  authInline: z
    .null({
      error:
        'An inline auth block cannot be written from a draft: leave it out to keep the stored one, or send null to remove it.',
    })
    .optional(),
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
    .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/))
    .max(100)
    .default([]),
  annotations: z.record(z.string(), z.union([z.string(), z.boolean()])).default({}),
  legacyPlaceholders: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
