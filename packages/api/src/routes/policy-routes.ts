import {
  createPolicy,
  deletePolicy,
  listPolicies,
  updatePolicy,
  ZPolicyInput,
} from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, ZPageQuery } from '../http/paginate';
import { ZPolicy } from '../schemas/entity-schemas';
import { byName, sentFields, ZVersion, ZWorkspaceParams } from './route-helpers';

const ZPolicyParams = ZWorkspaceParams.extend({
  policy: z.string().max(64).meta({ description: 'The policy name.' }),
});

export const policyRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/policies',
    operationId: 'listPolicies',
    summary: 'Reusable auth policies and the tools using each',
    tag: 'Policies',
    action: 'policy.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZPolicy),
    async handler({ workspace, query }) {
      return paginate(await listPolicies(workspace), query);
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/policies',
    operationId: 'createPolicy',
    summary: 'Create an auth policy',
    tag: 'Policies',
    action: 'policy.create',
    params: ZWorkspaceParams,
    body: ZPolicyInput,
    response: ZPolicy,
    status: 201,
    idempotent: true,
    async handler({ workspace, body }) {
      const created = await createPolicy(workspace, body);
      return byName(await listPolicies(workspace), created.name, 'Policy');
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/policies/{policy}',
    operationId: 'getPolicy',
    summary: 'One auth policy (credential parameters show as `true`)',
    tag: 'Policies',
    action: 'policy.list',
    params: ZPolicyParams,
    response: ZPolicy,
    async handler({ workspace, params }) {
      return byName(await listPolicies(workspace), params.policy, 'Policy');
    },
  }),
  defineApiRoute({
    method: 'PATCH',
    path: '/workspaces/{workspace}/policies/{policy}',
    operationId: 'updatePolicy',
    summary: 'Change a policy (only the fields sent; empty credentials keep the stored ones)',
    tag: 'Policies',
    action: 'policy.update',
    params: ZPolicyParams,
    body: ZPolicyInput.partial().extend({ version: ZVersion }),
    response: ZPolicy,
    versioned: true,
    async handler({ workspace, params, body, sentKeys, expectedVersion }) {
      const current = byName(await listPolicies(workspace), params.policy, 'Policy');
      // Listed credentials read `true` (set); left out, the service keeps the stored values.
      const keptParams = Object.fromEntries(
        Object.entries(current.params).filter(([, value]) => value !== true),
      );
      const updated = await updatePolicy(workspace, current.id, {
        name: current.name,
        description: current.description,
        plugin: current.plugin,
        params: keptParams,
        scriptSource: current.scriptSource,
        ...sentFields(body, sentKeys),
        expectedVersion: expectedVersion ?? 0,
      });
      return byName(await listPolicies(workspace), updated.name, 'Policy');
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}/policies/{policy}',
    operationId: 'deletePolicy',
    summary: 'Delete a policy (refused while a tool uses it)',
    tag: 'Policies',
    action: 'policy.delete',
    params: ZPolicyParams,
    response: null,
    async handler({ workspace, params }) {
      const current = byName(await listPolicies(workspace), params.policy, 'Policy');
      await deletePolicy(workspace, current.id);
      return undefined;
    },
  }),
];
