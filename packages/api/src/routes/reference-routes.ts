import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ApiRoute } from '../api-route';
import { defineApiRoute } from '../api-route';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/build-openapi-document';
import { renderReferencePage } from '../openapi/render-reference-page';

const documents = new WeakMap<readonly ApiRoute[], OpenApiDocument>();

/** Built once per route table: the schemas do not change while the process runs. */
export function openApiDocumentOf(routes: readonly ApiRoute[]): OpenApiDocument {
  let doc = documents.get(routes);
  if (!doc) {
    doc = buildOpenApiDocument(routes);
    documents.set(routes, doc);
  }
  return doc;
}

export const referenceRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'Reference',
    action: 'api.reference',
    authenticated: false,
    response: z.record(z.string(), z.unknown()).meta({ id: 'OpenApiDocument' }),
    raw: true,
    async handler({ routes }) {
      return Response.json(openApiDocumentOf(routes), {
        headers: { 'Cache-Control': 'public, max-age=300' },
      });
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/docs',
    operationId: 'getReferencePage',
    summary: 'This reference, as a readable page',
    tag: 'Reference',
    action: 'api.reference',
    authenticated: false,
    response: z.string().meta({ id: 'ReferencePage' }),
    raw: true,
    async handler({ routes, request }) {
      // Under the dashboard, the proxy put this request's CSP (with its nonce) on the request
      // and will send it with the response; served alone (tests), the page brings its own.
      const given = /'nonce-([A-Za-z0-9+/=]+)'/.exec(
        request.headers.get('content-security-policy') ?? '',
      )?.[1];
      const nonce = given ?? randomBytes(16).toString('base64');
      const headers: Record<string, string> = {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      };
      if (!given)
        headers['Content-Security-Policy'] =
          `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`;
      return new Response(renderReferencePage(openApiDocumentOf(routes), nonce), { headers });
    },
  }),
];
