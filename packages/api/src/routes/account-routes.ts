import {
  createPersonalAccessToken,
  getProfile,
  listPersonalAccessTokens,
  revokePersonalAccessToken,
  ZCreatePersonalAccessTokenInput,
} from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, ZPageQuery } from '../http/paginate';
import { ZMe, ZPersonalAccessToken } from '../schemas/entity-schemas';

export const accountRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/me',
    operationId: 'getMe',
    summary: 'The user the token belongs to',
    tag: 'Account',
    action: 'account.read',
    response: ZMe,
    async handler({ deps, actor }) {
      return getProfile(deps, actor);
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/personal-access-tokens',
    operationId: 'listPersonalAccessTokens',
    summary: 'Your personal access tokens',
    tag: 'Account',
    action: 'pat.list',
    query: ZPageQuery,
    response: pageOf(ZPersonalAccessToken),
    async handler({ deps, actor, query }) {
      return paginate(await listPersonalAccessTokens(deps, actor), query);
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/personal-access-tokens',
    operationId: 'createPersonalAccessToken',
    summary: 'Create a personal access token (the token is shown once)',
    description:
      'The new token cannot outlive the token making the request, nor have a scope it lacks.',
    tag: 'Account',
    action: 'pat.create',
    body: ZCreatePersonalAccessTokenInput,
    response: z
      .object({ token: z.string(), tokenInfo: ZPersonalAccessToken })
      .meta({ id: 'CreatedPersonalAccessToken' }),
    status: 201,
    idempotent: true,
    async handler({ deps, actor, body, token }) {
      return createPersonalAccessToken(deps, actor, body, token ? { issuedBy: token } : {});
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/personal-access-tokens/{id}',
    operationId: 'revokePersonalAccessToken',
    summary: 'Revoke one of your personal access tokens',
    tag: 'Account',
    action: 'pat.revoke',
    params: z.object({ id: z.string().max(64) }),
    response: null,
    async handler({ deps, actor, params }) {
      await revokePersonalAccessToken(deps, actor, params.id);
      return undefined;
    },
  }),
];
