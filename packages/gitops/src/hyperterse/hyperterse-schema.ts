import { z } from 'zod';

// Hyperterse's own file shapes (spec/hyperterse-format.md). Tool files reject unknown keys, as
// Hyperterse does; root files ignore them; adapters and v1 queries report them.

const scalar = z.union([z.string(), z.number(), z.boolean()]);

export const ZHyperterseRoot = z.looseObject({
  name: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'must match ^[a-z][a-z0-9_-]*$'),
  version: z.unknown().optional(),
  root: z.string().min(1).optional(),
  tools: z
    .looseObject({
      directory: z.string().min(1).optional(),
      cache: z
        .looseObject({ enabled: z.boolean().optional(), ttl: z.number().optional() })
        .optional(),
    })
    .optional(),
  adapters: z.looseObject({ directory: z.string().min(1).optional() }).optional(),
});

export const ZHyperterseAdapter = z.looseObject({
  name: z.string().min(1).optional(),
  connector: z.string().min(1),
  connection_string: z.string().min(1),
  options: z.record(z.string(), scalar).optional(),
});

const input = z.strictObject({
  type: z.string(),
  description: z.string().optional(),
  optional: z.boolean().optional(),
  default: scalar.optional(),
});

export const ZHyperterseTool = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  use: z.string().min(1).optional(),
  statement: z.string().min(1).optional(),
  handler: z.string().min(1).optional(),
  inputs: z.record(z.string(), input).optional(),
  mappers: z
    .strictObject({ input: z.string().min(1).optional(), output: z.string().min(1).optional() })
    .optional(),
  auth: z
    .strictObject({ plugin: z.string().min(1), policy: z.record(z.string(), scalar).optional() })
    .optional(),
  cache: z.strictObject({ enabled: z.boolean().optional(), ttl: z.number().optional() }).optional(),
});

export const ZHyperterseV1 = z.looseObject({
  name: z.string().optional(),
  server: z
    .looseObject({
      queries: z
        .looseObject({
          cache: z
            .looseObject({ enabled: z.boolean().optional(), ttl: z.number().optional() })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  adapters: z.record(z.string(), ZHyperterseAdapter.omit({ name: true })).optional(),
  queries: z
    .record(
      z.string(),
      z.looseObject({
        use: z.string().min(1).optional(),
        description: z.string().optional(),
        statement: z.string().min(1).optional(),
        inputs: z.record(z.string(), input).optional(),
        cache: z
          .looseObject({ enabled: z.boolean().optional(), ttl: z.number().optional() })
          .optional(),
      }),
    )
    .optional(),
});

export type HyperterseAdapter = z.infer<typeof ZHyperterseAdapter>;
export type HyperterseTool = z.infer<typeof ZHyperterseTool>;
