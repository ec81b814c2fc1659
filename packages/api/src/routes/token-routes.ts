import { createToken, listTokens, revokeToken, ZCreateTokenInput } from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, ZPageQuery } from '../http/paginate';
import { ZApiToken } from '../schemas/entity-schemas';
import { ZWorkspaceParams } from './route-helpers';

export const tokenRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/tokens',
    operationId: 'listApiTokens',
    summary: 'MCP API tokens (never their values)',
    tag: 'API tokens',
    action: 'token.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZApiToken),
    async handler({ workspace, query }) {
      return paginate(await listTokens(workspace), query);
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/tokens',
    operationId: 'createApiToken',
    summary: 'Create an MCP API token (the token is shown once)',
    tag: 'API tokens',
    action: 'token.create',
    params: ZWorkspaceParams,
    body: ZCreateTokenInput,
    response: z.object({ token: z.string(), tokenInfo: ZApiToken }).meta({ id: 'CreatedApiToken' }),
    status: 201,
    idempotent: true,
    async handler({ workspace, body }) {
      const { token, plaintext } = await createToken(workspace, body);
      return { token: plaintext, tokenInfo: token };
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}/tokens/{id}',
    operationId: 'revokeApiToken',
    summary: 'Revoke an MCP API token (runtimes refuse it within a second)',
    tag: 'API tokens',
    action: 'token.revoke',
    params: ZWorkspaceParams.extend({ id: z.string().max(64) }),
    response: null,
    async handler({ workspace, params }) {
      await revokeToken(workspace, params.id);
      return undefined;
    },
  }),
];
