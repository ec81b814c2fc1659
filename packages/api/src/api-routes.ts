import type { ApiRoute } from './api-route';
import { accountRoutes } from './routes/account-routes';
import { activityRoutes } from './routes/activity-routes';
import { connectorRoutes } from './routes/connector-routes';
import { gitopsRoutes } from './routes/gitops-routes';
import { memberRoutes } from './routes/member-routes';
import { policyRoutes } from './routes/policy-routes';
import { referenceRoutes } from './routes/reference-routes';
import { runtimeTokenRoutes } from './routes/runtime-token-routes';
import { secretRoutes } from './routes/secret-routes';
import { tokenRoutes } from './routes/token-routes';
import { toolRoutes } from './routes/tool-routes';
import { workspaceRoutes } from './routes/workspace-routes';

/**
 * Every /api/v1 operation. Adding one: an entry in a `routes/*-routes.ts` list (here if it is a
 * new list) and a route file under apps/web/src/app/api/v1 (see README.md).
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...referenceRoutes,
  ...accountRoutes,
  ...workspaceRoutes,
  ...memberRoutes,
  ...connectorRoutes,
  ...secretRoutes,
  ...policyRoutes,
  ...toolRoutes,
  ...tokenRoutes,
  ...activityRoutes,
  ...runtimeTokenRoutes,
  ...gitopsRoutes,
];
