import { z } from 'zod';
import type { Workspace as WorkspaceRow } from '../generated/prisma/client';

/** A workspace as the app sees it: the wrapped data key stays inside packages/db. */
export type Workspace = Omit<WorkspaceRow, 'wrappedDataKey'>;

export const workspaceOmit = { wrappedDataKey: true } as const;

/** The URL slug: /t/<slug>/mcp. Lowercase letters, digits and inner hyphens, 2–40 characters. */
export const workspaceSlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$/, 'use 2–40 lowercase letters, digits or hyphens');

const positive = (max: number) => z.number().int().min(1).max(max);
const egressHost = z
  .string()
  .regex(/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i, {
    message: 'must be a host name, optionally *.suffix and :port',
  });

/** Every setting a workspace admin can change, with its limits. Shared with the dashboard. */
export const workspaceSettingsSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    defaultCacheTtlSeconds: z.number().int().min(0).max(86_400),
    errorStyle: z.enum(['jsonrpc', 'result']),
    rateLimitPerMinute: positive(1_000_000),
    tokenRateLimitPerMinute: positive(1_000_000),
    scriptMemoryMb: z.number().int().min(8).max(1024),
    scriptCpuMs: positive(60_000),
    scriptWallMs: positive(300_000),
    statementTimeoutMs: positive(300_000),
    defaultRowCap: positive(1_000_000),
    maxResultBytes: positive(64 * 1024 * 1024),
    maxRequestBytes: positive(64 * 1024 * 1024),
    egressAllowList: z.array(egressHost).max(200),
    invocationRetentionDays: positive(3650),
    recordPayloads: z.boolean(),
  })
  .strict();

export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;
