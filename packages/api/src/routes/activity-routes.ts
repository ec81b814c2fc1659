import { getActivity, listAudit, searchInvocations } from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, withServiceCursor, ZPageQuery } from '../http/paginate';
import { ZAuditEvent, ZInvocation } from '../schemas/entity-schemas';
import { ZWorkspaceParams } from './route-helpers';

const instant = z.iso
  .datetime({ offset: true, message: 'Use an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z.' })
  .transform((text) => new Date(text));

export const activityRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/invocations',
    operationId: 'listInvocations',
    summary: 'The invocation log, newest first',
    description: 'Viewers see metadata only: inputs, result previews and console are null.',
    tag: 'Activity',
    action: 'activity.list',
    params: ZWorkspaceParams,
    query: ZPageQuery.extend({
      tool: z.string().max(128).optional(),
      status: z.enum(['ok', 'error']).optional(),
      tokenId: z.string().max(64).optional(),
      stage: z
        .string()
        .max(64)
        .optional()
        .meta({ description: 'The stage a failed call stopped at.' }),
      from: instant.optional().meta({ description: 'Calls at or after (ISO 8601).' }),
      to: instant.optional().meta({ description: 'Calls before (ISO 8601).' }),
    }),
    response: pageOf(ZInvocation),
    async handler({ workspace, query }) {
      return searchInvocations(workspace, {
        ...(query.tool ? { toolName: query.tool } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.tokenId ? { tokenId: query.tokenId } : {}),
        ...(query.stage ? { stage: query.stage } : {}),
        ...(query.from ? { from: query.from } : {}),
        ...(query.to ? { to: query.to } : {}),
        cursor: query.cursor ?? null,
        limit: query.limit,
      });
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/invocations/{id}',
    operationId: 'getInvocation',
    summary: 'One invocation',
    tag: 'Activity',
    action: 'activity.list',
    params: ZWorkspaceParams.extend({ id: z.string().max(64) }),
    response: ZInvocation,
    async handler({ workspace, params }) {
      return getActivity(workspace, params.id);
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/audit-events',
    operationId: 'listAuditEvents',
    summary: 'The audit log, newest first',
    description:
      'Ordered by time then id, both descending; follow `nextCursor` to walk every event once.',
    tag: 'Activity',
    action: 'audit.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZAuditEvent),
    async handler({ workspace, query }) {
      return withServiceCursor(() =>
        listAudit(workspace, { cursor: query.cursor ?? null, limit: query.limit }),
      );
    },
  }),
];
