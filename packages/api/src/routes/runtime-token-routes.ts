import { mintCliRuntimeToken } from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { isoDate } from '../schemas/iso-date';
import { ZWorkspaceParams } from './route-helpers';

export const runtimeTokenRoutes = [
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/runtime-tokens',
    operationId: 'createRuntimeToken',
    summary: 'Exchange your personal access token for a short-lived runtime token',
    description:
      'For calling the workspace’s MCP URL as yourself (the CLI’s `tools call`). Needs the rights to run tools (editor and above). Lives 5 minutes unless `ttlSeconds` says otherwise (30–900).',
    tag: 'Runtime',
    action: 'runtime-token.create',
    params: ZWorkspaceParams,
    body: z.object({ ttlSeconds: z.number().int().min(30).max(900).optional() }),
    response: z
      .object({ token: z.string(), expiresAt: isoDate, mcpUrl: z.string() })
      .meta({ id: 'RuntimeToken' }),
    status: 201,
    async handler({ workspace, token, body }) {
      return mintCliRuntimeToken(workspace, {
        personalAccessTokenId: token?.tokenId ?? '',
        scopes: token?.scopes ?? [],
        ...(body.ttlSeconds ? { ttlSeconds: body.ttlSeconds } : {}),
      });
    },
  }),
];
