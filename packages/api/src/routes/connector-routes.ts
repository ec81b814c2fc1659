import {
  createConnector,
  deleteConnector,
  listConnectors,
  testConnector,
  updateConnector,
  ZConnectorInput,
} from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, ZPageQuery } from '../http/paginate';
import { ZConnector, ZConnectorTest } from '../schemas/entity-schemas';
import { byName, sentFields, ZVersion, ZWorkspaceParams } from './route-helpers';

const ZConnectorParams = ZWorkspaceParams.extend({
  connector: z.string().max(64).meta({ description: 'The connector name.' }),
});

export const connectorRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/connectors',
    operationId: 'listConnectors',
    summary: 'Database connectors (URLs are never returned)',
    tag: 'Connectors',
    action: 'connector.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZConnector),
    async handler({ workspace, query }) {
      return paginate(await listConnectors(workspace), query);
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/connectors',
    operationId: 'createConnector',
    summary: 'Create a connector',
    description:
      '`connection` is a URL (stored encrypted) or `{{ env.SECRET_NAME }}` naming a secret.',
    tag: 'Connectors',
    action: 'connector.create',
    params: ZWorkspaceParams,
    body: ZConnectorInput,
    response: ZConnector,
    status: 201,
    idempotent: true,
    async handler({ workspace, body }) {
      return createConnector(workspace, body);
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/connectors/{connector}',
    operationId: 'getConnector',
    summary: 'One connector',
    tag: 'Connectors',
    action: 'connector.list',
    params: ZConnectorParams,
    response: ZConnector,
    async handler({ workspace, params }) {
      return byName(await listConnectors(workspace), params.connector, 'Connector');
    },
  }),
  defineApiRoute({
    method: 'PATCH',
    path: '/workspaces/{workspace}/connectors/{connector}',
    operationId: 'updateConnector',
    summary: 'Change a connector (only the fields sent; an empty connection keeps the stored one)',
    tag: 'Connectors',
    action: 'connector.update',
    params: ZConnectorParams,
    body: ZConnectorInput.partial().extend({ version: ZVersion }),
    response: ZConnector,
    versioned: true,
    async handler({ workspace, params, body, sentKeys, expectedVersion }) {
      const current = byName(await listConnectors(workspace), params.connector, 'Connector');
      return updateConnector(workspace, current.id, {
        name: current.name,
        type: current.type,
        description: current.description,
        connection: '',
        ...sentFields(body, sentKeys),
        expectedVersion: expectedVersion ?? 0,
      });
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}/connectors/{connector}',
    operationId: 'deleteConnector',
    summary: 'Delete a connector (refused while a tool uses it)',
    tag: 'Connectors',
    action: 'connector.delete',
    params: ZConnectorParams,
    response: null,
    async handler({ workspace, params }) {
      const current = byName(await listConnectors(workspace), params.connector, 'Connector');
      await deleteConnector(workspace, current.id);
      return undefined;
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/connectors/{connector}/test',
    operationId: 'testConnector',
    summary: 'Open one connection with the stored settings and run SELECT 1 / PING',
    tag: 'Connectors',
    action: 'connector.test',
    params: ZConnectorParams,
    response: ZConnectorTest,
    async handler({ workspace, params }) {
      const current = byName(await listConnectors(workspace), params.connector, 'Connector');
      return testConnector(workspace, { connectorId: current.id });
    },
  }),
];
