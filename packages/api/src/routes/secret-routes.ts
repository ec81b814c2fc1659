import {
  createSecret,
  deleteSecret,
  listSecrets,
  rotateSecret,
  ZSecretInput,
} from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, ZPageQuery } from '../http/paginate';
import { ZSecret } from '../schemas/entity-schemas';
import { ZVersion, ZWorkspaceParams } from './route-helpers';

const ZSecretParams = ZWorkspaceParams.extend({
  name: z.string().max(128).meta({ description: 'The secret name.' }),
});

export const secretRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/secrets',
    operationId: 'listSecrets',
    summary: 'Secret names, versions and where each is used (never values)',
    tag: 'Secrets',
    action: 'secret.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZSecret),
    async handler({ workspace, query }) {
      return paginate(await listSecrets(workspace), query);
    },
  }),
  defineApiRoute({
    method: 'PUT',
    path: '/workspaces/{workspace}/secrets/{name}',
    operationId: 'setSecret',
    summary: 'Create a secret, or rotate it to a new value (version + 1)',
    description:
      'Send `version` (or If-Match) when rotating to refuse a concurrent rotation (409).',
    tag: 'Secrets',
    action: 'secret.set',
    params: ZSecretParams,
    body: ZSecretInput.pick({ value: true, description: true }).extend({ version: ZVersion }),
    response: ZSecret,
    async handler({ workspace, params, body, request }) {
      const existing = (await listSecrets(workspace)).find((s) => s.name === params.name);
      if (!existing) {
        return createSecret(workspace, {
          name: params.name,
          value: body.value,
          description: body.description,
        });
      }
      const ifMatch = /^\s*"?(\d{1,9})"?\s*$/.exec(request.headers.get('if-match') ?? '')?.[1];
      const expectedVersion = body.version ?? (ifMatch ? Number(ifMatch) : undefined);
      return rotateSecret(workspace, { name: params.name, value: body.value, expectedVersion });
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}/secrets/{name}',
    operationId: 'deleteSecret',
    summary: 'Delete a secret',
    tag: 'Secrets',
    action: 'secret.delete',
    params: ZSecretParams,
    response: null,
    async handler({ workspace, params }) {
      await deleteSecret(workspace, params.name);
      return undefined;
    },
  }),
];
