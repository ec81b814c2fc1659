// @toolplane/api — the REST API under /api/v1 as a framework-agnostic route table and a
// `(Request) => Promise<Response>` dispatcher; the web app's route files mount it.
export {
  type ApiRequestContext,
  type ApiRoute,
  defineApiRoute,
  type HttpMethod,
} from './api-route';
export { API_ROUTES } from './api-routes';
export { type ApiHandler, type ApiHandlerOptions, createApiHandler } from './create-api-handler';
export { pageOf, paginate, ZPageQuery } from './http/paginate';
export {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitOptions,
} from './http/rate-limiter';
export {
  buildOpenApiDocument,
  type OpenApiDocument,
} from './openapi/build-openapi-document';
export { sentFields, ZVersion, ZWorkspaceParams } from './routes/route-helpers';
export { isoDate } from './schemas/iso-date';
