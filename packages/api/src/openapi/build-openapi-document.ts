import { z } from 'zod';
import type { ApiRoute } from '../api-route';
import * as entities from '../schemas/entity-schemas';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
  security: Record<string, string[]>[];
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  'x-toolplane-action': string;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
  security?: never[];
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

const REF = '#/components/schemas/';
const JSON_SCHEMA = {
  io: 'input',
  target: 'draft-2020-12',
  unrepresentable: 'any',
} as const;

const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z
      .string()
      .meta({ description: 'Stable: INVALID, NOT_FOUND, FORBIDDEN, CONFLICT, RATE_LIMITED, …' }),
    requestId: z.string(),
    errors: z.array(z.object({ field: z.string(), reason: z.string() })).optional(),
  })
  .meta({ description: 'RFC 9457 problem details.' });

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The OpenAPI 3.1 document, generated from the route table's own zod schemas (the ones the
 * dispatcher parses and encodes with), so it cannot drift from what the API does. Bodies and
 * responses are shown as they travel on the wire (zod's "input" side: a timestamp is a date-time
 * string, a field with a default is optional).
 */
export function buildOpenApiDocument(
  routes: readonly ApiRoute[],
  options: { serverUrl?: string; version?: string } = {},
): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  for (const schema of Object.values(entities)) {
    const id = z.globalRegistry.get(schema)?.id;
    if (id) registry.add(schema, { id });
  }
  registry.add(ProblemSchema, { id: 'Problem' });
  const named = (schema: z.ZodType, fallback: string): string => {
    const existing = registry.get(schema)?.id;
    if (existing) return existing;
    const id = z.globalRegistry.get(schema)?.id ?? fallback;
    registry.add(schema, { id });
    return id;
  };
  const bodyIds = new Map<ApiRoute, string>();
  const responseIds = new Map<ApiRoute, string>();
  for (const route of routes) {
    const op = upperFirst(route.operationId);
    if (route.body) bodyIds.set(route, named(route.body, `${op}Request`));
    if (route.response) responseIds.set(route, named(route.response, `${op}Response`));
  }
  const schemas = componentSchemas(registry);

  const problemResponse = (description: string) => ({
    description,
    content: { 'application/problem+json': { schema: { $ref: `${REF}Problem` } } },
  });

  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const parameters: OpenApiParameter[] = [
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
    ];
    if (route.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Retry safely: the same key and body replay the first response (Idempotent-Replayed: true); another body is 422.',
        schema: { type: 'string', maxLength: 255 },
      });
    if (route.versioned)
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: false,
        description: 'The version you read, as "<n>", instead of `version` in the body.',
        schema: { type: 'string' },
      });
    const responseId = responseIds.get(route);
    const responses: OpenApiOperation['responses'] = {
      [String(route.status)]: responseId
        ? {
            description: route.summary,
            content: {
              [route.raw ? 'text/html' : 'application/json']: {
                schema: { $ref: `${REF}${responseId}` },
              },
            },
          }
        : { description: 'Done (no content).' },
    };
    if (route.authenticated) {
      responses['401'] = problemResponse('Missing, invalid, expired or revoked token.');
      responses['429'] = problemResponse('Rate limited; see Retry-After.');
    }
    if (route.path.includes('{workspace}')) {
      responses['403'] = problemResponse('Your role does not allow this.');
      responses['404'] = problemResponse('Not found (also: a workspace you are not a member of).');
    }
    if (route.body) responses['422'] = problemResponse('Invalid body: errors[] names each field.');
    if (route.query)
      responses['400'] = problemResponse('Invalid query: errors[] names each field.');
    if (route.versioned || route.idempotent)
      responses['409'] = problemResponse('Stale version, or the same Idempotency-Key in flight.');

    const bodyId = bodyIds.get(route);
    const operation: OpenApiOperation = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      'x-toolplane-action': route.action,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(bodyId
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: `${REF}${bodyId}` } } },
            },
          }
        : {}),
      responses,
      ...(route.authenticated ? {} : { security: [] }),
    };
    const key = `/api/v1${route.path}`;
    paths[key] ??= {};
    (paths[key] as Record<string, OpenApiOperation>)[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Toolplane control-plane API',
      version: options.version ?? '1.0.0',
      description:
        'Everything the dashboard does, for scripts and CI. Authenticate with a personal access token (`Authorization: Bearer tpp_…`); it acts with your role in each workspace. Errors are application/problem+json; list endpoints take `limit` and `cursor` and return `{ items, nextCursor }`.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        personalAccessToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal access token (tpp_…), created in the dashboard or with the CLI.',
        },
      },
    },
    security: [{ personalAccessToken: [] }],
  };
}

function componentSchemas(
  registry: z.core.$ZodRegistry<{ id: string }>,
): Record<string, JsonSchema> {
  const out = z.toJSONSchema(registry, { ...JSON_SCHEMA, uri: (id) => `${REF}${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(out.schemas)) {
    if (id === '__shared') {
      const shared = (schema.$defs ?? {}) as Record<string, JsonSchema>;
      for (const [sharedId, definition] of Object.entries(shared)) schemas[sharedId] = definition;
      continue;
    }
    const { $schema: _schema, $id: _id, ...rest } = schema;
    schemas[id] = rest;
  }
  // zod points at definitions it shares as "<uri>__shared#/$defs/<id>"; here they are components.
  return JSON.parse(JSON.stringify(schemas).replaceAll(`${REF}__shared#/$defs/`, REF)) as Record<
    string,
    JsonSchema
  >;
}

function parametersOf(schema: z.ZodType | null, where: 'path' | 'query'): OpenApiParameter[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, property]) => {
    const {
      $schema: _schema,
      description,
      ...json
    } = z.toJSONSchema(property, JSON_SCHEMA) as JsonSchema;
    const optional = property.safeParse(undefined).success;
    return {
      name,
      in: where,
      required: where === 'path' || !optional,
      ...(typeof description === 'string' ? { description } : {}),
      schema: json,
    };
  });
}
