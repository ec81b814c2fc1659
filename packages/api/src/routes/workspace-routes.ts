import {
  createWorkspace,
  deleteWorkspace,
  listMyWorkspaces,
  updateWorkspaceSettings,
  ZCreateWorkspaceInput,
  ZWorkspaceSettingsInput,
} from '@toolplane/services';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, ZPageQuery } from '../http/paginate';
import { ZWorkspace } from '../schemas/entity-schemas';
import { sentFields, ZVersion, ZWorkspaceParams } from './route-helpers';

export const workspaceRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces',
    operationId: 'listWorkspaces',
    summary: 'The workspaces you are a member of, with your role',
    tag: 'Workspaces',
    action: 'workspace.list-mine',
    query: ZPageQuery,
    response: pageOf(ZWorkspace),
    async handler({ deps, actor, query }) {
      const mine = await listMyWorkspaces(deps, actor);
      return paginate(
        mine.map(({ workspace, role }) => ({ ...workspace, role })),
        query,
      );
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces',
    operationId: 'createWorkspace',
    summary: 'Create a workspace (you become its owner)',
    tag: 'Workspaces',
    action: 'workspace.create',
    body: ZCreateWorkspaceInput,
    response: ZWorkspace,
    status: 201,
    idempotent: true,
    async handler({ deps, actor, body }) {
      return { ...(await createWorkspace(deps, actor, body)), role: 'owner' as const };
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}',
    operationId: 'getWorkspace',
    summary: 'A workspace and its settings',
    tag: 'Workspaces',
    action: 'workspace.read',
    params: ZWorkspaceParams,
    response: ZWorkspace,
    async handler({ workspace }) {
      return { ...workspace.workspace, role: workspace.role };
    },
  }),
  defineApiRoute({
    method: 'PATCH',
    path: '/workspaces/{workspace}',
    operationId: 'updateWorkspace',
    summary: 'Change settings (only the fields sent)',
    description: 'Changing `slug` moves the workspace’s MCP URL.',
    tag: 'Workspaces',
    action: 'workspace.update-settings',
    params: ZWorkspaceParams,
    body: ZWorkspaceSettingsInput.omit({ expectedVersion: true }).extend({ version: ZVersion }),
    response: ZWorkspace,
    versioned: true,
    async handler({ workspace, body, sentKeys, expectedVersion }) {
      const updated = await updateWorkspaceSettings(workspace, {
        ...sentFields(body, sentKeys),
        expectedVersion: expectedVersion ?? 0,
      });
      return { ...updated, role: workspace.role };
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}',
    operationId: 'deleteWorkspace',
    summary: 'Delete the workspace and everything in it',
    tag: 'Workspaces',
    action: 'workspace.delete',
    params: ZWorkspaceParams,
    response: null,
    async handler({ workspace, actor }) {
      await deleteWorkspace(workspace, { confirmSlug: workspace.workspace.slug });
      // The workspace's audit log is gone with it; this line is the record of the deletion.
      console.info(
        JSON.stringify({
          event: 'workspace.delete',
          via: 'api',
          workspaceId: workspace.workspace.id,
          slug: workspace.workspace.slug,
          actorUserId: actor.userId,
          requestId: actor.requestId,
        }),
      );
      return undefined;
    },
  }),
];
