import { z } from 'zod';
import { isoDate } from './iso-date';

const role = z.enum(['owner', 'admin', 'editor', 'viewer']);
const json = z.unknown();

export const ZMe = z
  .object({ id: z.string(), email: z.string(), name: z.string().nullable() })
  .meta({ id: 'Me' });

export const ZPersonalAccessToken = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters, to recognise it (tpp_AbCdEf).' }),
    scopes: z.array(z.string()),
    expiresAt: isoDate.nullable(),
    revokedAt: isoDate.nullable(),
    lastUsedAt: isoDate.nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'PersonalAccessToken' });

export const ZWorkspace = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    role: role.optional().meta({ description: 'Your role in it.' }),
    defaultCacheTtlSeconds: z.number().int(),
    errorStyle: z.enum(['jsonrpc', 'result']),
    rateLimitPerMinute: z.number().int(),
    tokenRateLimitPerMinute: z.number().int(),
    scriptMemoryMb: z.number().int(),
    scriptCpuMs: z.number().int(),
    scriptWallMs: z.number().int(),
    statementTimeoutMs: z.number().int(),
    defaultRowCap: z.number().int(),
    maxResultBytes: z.number().int(),
    maxRequestBytes: z.number().int(),
    egressAllowList: z.array(z.string()),
    invocationRetentionDays: z.number().int(),
    recordPayloads: z.boolean(),
    version: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Workspace' });

export const ZMember = z
  .object({
    id: z.string().meta({ description: 'The user id (usr_…): use it in /members/{userId}.' }),
    email: z.string(),
    name: z.string().nullable(),
    role,
    version: z.number().int(),
    joinedAt: isoDate,
  })
  .meta({ id: 'Member' });

export const ZInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    role,
    expiresAt: isoDate,
    acceptedAt: isoDate.nullable(),
    revokedAt: isoDate.nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'Invitation' });

export const ZConnector = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['postgres', 'mysql', 'redis']),
    description: z.string(),
    hasUrl: z.boolean().meta({ description: 'A literal URL is stored (never returned).' }),
    urlSecretRef: z
      .string()
      .nullable()
      .meta({ description: 'The secret holding the URL, when it is `{{ env.NAME }}`.' }),
    version: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Connector' });

export const ZConnectorTest = z
  .object({
    ok: z.boolean(),
    code: z.string().optional(),
    message: z.string().optional(),
    latencyMs: z.number().optional(),
  })
  .meta({ id: 'ConnectorTestResult' });

export const ZSecret = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    version: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
    usedBy: z
      .array(z.object({ kind: z.enum(['tool', 'connector']), id: z.string(), name: z.string() }))
      .optional(),
  })
  .meta({ id: 'Secret', description: 'Names and versions only: values are never returned.' });

export const ZPolicy = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    plugin: z.enum(['allow_all', 'api_key', 'jwt', 'token_scopes', 'script']),
    params: z
      .record(z.string(), json)
      .meta({ description: 'Credential parameters are replaced by `true` (set).' }),
    scriptSource: z.string().nullable(),
    usedBy: z.array(z.object({ id: z.string(), name: z.string() })),
    version: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Policy' });

export const ZToolInput = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string().optional(),
  optional: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

export const ZTool = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    description: z.string(),
    kind: z.enum(['statement', 'script']),
    connectorId: z.string().nullable(),
    statement: z.string().nullable(),
    inputs: json,
    handlerSource: z.string().nullable(),
    handlerExport: z.string().nullable(),
    inputMapperSource: z.string().nullable(),
    inputMapperExport: z.string().nullable(),
    outputMapperSource: z.string().nullable(),
    outputMapperExport: z.string().nullable(),
    authPolicyId: z.string().nullable(),
    cacheEnabled: z.boolean(),
    cacheTtlSeconds: z.number().int().nullable(),
    readOnly: z.boolean(),
    rowCap: z.number().int().nullable(),
    timeoutMs: z.number().int().nullable(),
    declaredSecrets: z.array(z.string()),
    annotations: json,
    legacyPlaceholders: z.boolean(),
    enabled: z.boolean(),
    version: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Tool' });

export const ZToolVersion = z
  .object({
    id: z.string(),
    version: z.number().int(),
    definition: json.meta({
      description: 'The tool as saved; an inline auth block’s credentials read `[redacted]`.',
    }),
    createdById: z.string().nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'ToolVersion' });

export const ZApiToken = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    allTools: z.boolean(),
    toolNames: z.array(z.string()),
    scopes: z.array(z.string()),
    expiresAt: isoDate.nullable(),
    revokedAt: isoDate.nullable(),
    lastUsedAt: isoDate.nullable(),
    createdById: z.string().nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'ApiToken' });

export const ZInvocation = z
  .object({
    id: z.string(),
    toolName: z.string(),
    toolId: z.string().nullable(),
    toolVersion: z.number().int().nullable(),
    tokenId: z.string().nullable(),
    userId: z.string().nullable(),
    status: z.enum(['ok', 'error']),
    errorCode: z.string().nullable(),
    errorStage: z.string().nullable(),
    errorMessage: z.string().nullable(),
    durationMs: z.number().int(),
    stageTimings: json,
    cacheHit: z.boolean(),
    console: json,
    inputs: json.meta({ description: 'Null unless your role may read payloads.' }),
    resultPreview: json,
    requestId: z.string(),
    createdAt: isoDate,
  })
  .meta({ id: 'Invocation' });

export const ZAuditEvent = z
  .object({
    id: z.string(),
    actorUserId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    before: json,
    after: json,
    requestId: z.string().nullable(),
    createdAt: isoDate,
  })
  .meta({ id: 'AuditEvent', description: 'Secrets are redacted when the event is written.' });
