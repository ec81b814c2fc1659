import type { Tool } from '@toolplane/db';
import {
  createTool,
  deleteTool,
  getToolHistory,
  listTools,
  rollbackTool,
  updateTool,
  ZToolDraft,
} from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, paginateVersions, ZPageQuery } from '../http/paginate';
import { ZTool, ZToolVersion } from '../schemas/entity-schemas';
import { byName, sentFields, ZVersion, ZWorkspaceParams } from './route-helpers';

const ZToolParams = ZWorkspaceParams.extend({
  tool: z.string().max(128).meta({ description: 'The tool name.' }),
});

type Draft = z.input<typeof ZToolDraft>;

/** The stored tool as the draft the services take, so a PATCH changes only what it sends. */
function draftOf(tool: Tool): Draft {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    kind: tool.kind,
    connectorId: tool.connectorId,
    statement: tool.statement,
    inputs: tool.inputs as Draft['inputs'],
    handlerSource: tool.handlerSource,
    handlerExport: tool.handlerExport,
    inputMapperSource: tool.inputMapperSource,
    inputMapperExport: tool.inputMapperExport,
    outputMapperSource: tool.outputMapperSource,
    outputMapperExport: tool.outputMapperExport,
    authPolicyId: tool.authPolicyId,
    cacheEnabled: tool.cacheEnabled,
    cacheTtlSeconds: tool.cacheTtlSeconds,
    readOnly: tool.readOnly,
    rowCap: tool.rowCap,
    timeoutMs: tool.timeoutMs,
    declaredSecrets: tool.declaredSecrets,
    annotations: tool.annotations as Draft['annotations'],
    legacyPlaceholders: tool.legacyPlaceholders,
    enabled: tool.enabled,
  };
}

export const toolRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/tools',
    operationId: 'listTools',
    summary: 'The workspace’s tools',
    tag: 'Tools',
    action: 'tool.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZTool),
    async handler({ workspace, query }) {
      return paginate(await listTools(workspace), query);
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/tools',
    operationId: 'createTool',
    summary: 'Create a tool (version 1)',
    tag: 'Tools',
    action: 'tool.create',
    params: ZWorkspaceParams,
    body: ZToolDraft,
    response: ZTool,
    status: 201,
    idempotent: true,
    async handler({ workspace, body }) {
      return createTool(workspace, body);
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/tools/{tool}',
    operationId: 'getTool',
    summary: 'One tool at its current version',
    tag: 'Tools',
    action: 'tool.read',
    params: ZToolParams,
    response: ZTool,
    async handler({ workspace, params }) {
      return byName(await listTools(workspace), params.tool, 'Tool');
    },
  }),
  defineApiRoute({
    method: 'PATCH',
    path: '/workspaces/{workspace}/tools/{tool}',
    operationId: 'updateTool',
    summary: 'Change a tool (only the fields sent): a new immutable version',
    tag: 'Tools',
    action: 'tool.update',
    params: ZToolParams,
    body: ZToolDraft.partial().extend({ version: ZVersion }),
    response: ZTool,
    versioned: true,
    async handler({ workspace, params, body, sentKeys, expectedVersion }) {
      const current = byName(await listTools(workspace), params.tool, 'Tool');
      return updateTool(workspace, current.id, {
        ...draftOf(current),
        ...(sentFields(body, sentKeys) as Partial<Draft>),
        expectedVersion: expectedVersion ?? 0,
      });
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}/tools/{tool}',
    operationId: 'deleteTool',
    summary: 'Delete a tool and its history',
    tag: 'Tools',
    action: 'tool.delete',
    params: ZToolParams,
    response: null,
    async handler({ workspace, params }) {
      const current = byName(await listTools(workspace), params.tool, 'Tool');
      await deleteTool(workspace, current.id);
      return undefined;
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/tools/{tool}/versions',
    operationId: 'listToolVersions',
    summary: 'A tool’s immutable versions, newest first',
    tag: 'Tools',
    action: 'tool.read',
    params: ZToolParams,
    query: ZPageQuery,
    response: pageOf(ZToolVersion),
    async handler({ workspace, params, query }) {
      const current = byName(await listTools(workspace), params.tool, 'Tool');
      return paginateVersions(await getToolHistory(workspace, current.id), query);
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/tools/{tool}/rollback',
    operationId: 'rollbackTool',
    summary: 'Restore an earlier version as a new version',
    description:
      'Send If-Match: "<current version>" to refuse the rollback when the tool changed (409).',
    tag: 'Tools',
    action: 'tool.rollback',
    params: ZToolParams,
    body: z.object({
      version: z.number().int().min(1).meta({ description: 'The version to restore.' }),
    }),
    response: ZTool,
    async handler({ workspace, params, body, request }) {
      const current = byName(await listTools(workspace), params.tool, 'Tool');
      const ifMatch = /^\s*"?(\d{1,9})"?\s*$/.exec(request.headers.get('if-match') ?? '')?.[1];
      return rollbackTool(workspace, current.id, {
        toVersion: body.version,
        expectedVersion: ifMatch ? Number(ifMatch) : current.version,
      });
    },
  }),
];
