import { toolDefinitionSchema } from '@toolplane/db';
import { toolNameProblem } from '@toolplane/tool-definition/tool-name';
import { z } from 'zod';
import { INPUT_TYPES } from './tool-draft';

const identifier = z
  .string()
  .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'Use an identifier, like getUser.')
  .nullable()
  .default(null);

// Fields a draft checks exactly as the stored definition does are taken from it, so the two
// cannot drift apart; the rest are worded for the editor's author or typed more narrowly here.
const stored = toolDefinitionSchema.shape;

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
  description: stored.description,
  kind: stored.kind,
  connectorId: stored.connectorId,
  statement: stored.statement,
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
  handlerSource: stored.handlerSource,
  handlerExport: identifier,
  inputMapperSource: stored.inputMapperSource,
  inputMapperExport: identifier,
  outputMapperSource: stored.outputMapperSource,
  outputMapperExport: identifier,
  authPolicyId: stored.authPolicyId,
  // Never a block: the editor and the API see an inline block with its credentials redacted, and
  // a placeholder sent back would be sealed as the credential. Left out, the stored block stays
  // as it is; null removes it (so the tool can move to a shared policy).
  authInline: z
    .null({
      error:
        'An inline auth block cannot be written from a draft: leave it out to keep the stored one, or send null to remove it.',
    })
    .optional(),
  cacheEnabled: stored.cacheEnabled,
  cacheTtlSeconds: stored.cacheTtlSeconds,
  readOnly: stored.readOnly,
  rowCap: stored.rowCap,
  timeoutMs: stored.timeoutMs,
  declaredSecrets: z
    .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/))
    .max(100)
    .default([]),
  annotations: z.record(z.string(), z.union([z.string(), z.boolean()])).default({}),
  legacyPlaceholders: stored.legacyPlaceholders,
  enabled: stored.enabled,
});
