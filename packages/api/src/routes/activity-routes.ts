import { getActivity, listAudit, searchInvocations } from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, ZPageQuery } from '../http/paginate';
import { ProblemError, problem } from '../http/problem';
import { ZAuditEvent, ZInvocation } from '../schemas/entity-schemas';
import { ZWorkspaceParams } from './route-helpers';

const instant = z.iso
  .datetime({ offset: true, message: 'Use an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z.' })
  .transform((text) => new Date(text));

const AUDIT_PAGE_MAX = 100;

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
    summary: 'The audit log, newest first (at most 100 a page)',
    tag: 'Activity',
    action: 'audit.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZAuditEvent),
    async handler({ workspace, query }) {
      const after = query.cursor ? decodeAuditCursor(query.cursor) : null;
      // listAudit pages by time ("before"): ask from the cursor's millisecond inclusive and drop
      // what the previous page already showed, so events sharing a millisecond are not skipped.
      const events = await listAudit(workspace, {
        ...(after ? { before: new Date(after.at.getTime() + 1) } : {}),
      });
      const rest = after
        ? events.filter(
            (e) =>
              e.createdAt.getTime() < after.at.getTime() ||
              (e.createdAt.getTime() === after.at.getTime() && e.id < after.id),
          )
        : events;
      const limit = Math.min(query.limit, AUDIT_PAGE_MAX);
      const items = rest.slice(0, limit);
      const last = items.at(-1);
      return {
        items,
        nextCursor:
          last && (rest.length > limit || events.length >= AUDIT_PAGE_MAX)
            ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url')
            : null,
      };
    },
  }),
];

function decodeAuditCursor(cursor: string): { at: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  if (!id || Number.isNaN(at.getTime())) {
    throw new ProblemError(
      problem(400, 'INVALID', 'The cursor is not one this API returned.', {
        errors: [{ field: 'cursor', reason: 'Pass the nextCursor of the previous page.' }],
      }),
    );
  }
  return { at, id };
}
