import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { API_ROUTES, buildOpenApiDocument } from '@toolplane/api';
import { describe, expect, it } from 'vitest';

const V1 = join(import.meta.dirname, '..', '..', 'app', 'api', 'v1');

function routeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...routeFiles(path));
    else if (entry === 'route.ts') out.push(path);
  }
  return out;
}

/** Every `METHOD /api/v1/path` a route file under app/api/v1 exports, with its registry id. */
function exportedOperations(): { key: string; action: string; file: string }[] {
  return routeFiles(V1).flatMap((file) => {
    const dir = relative(V1, join(file, '..')).split(sep).filter(Boolean);
    const path = `/api/v1${dir.map((part) => `/${part.replace(/^\[(.+)\]$/, '{$1}')}`).join('')}`;
    const text = readFileSync(file, 'utf8');
    return [
      ...text.matchAll(
        /export const (GET|POST|PUT|PATCH|DELETE) = defineRoute\(\s*'([^']+)',\s*handleApiRequest\s*\)/g,
      ),
    ].map(([, method, action]) => ({
      key: `${method} ${path}`,
      action: action ?? '',
      file: relative(V1, file),
    }));
  });
}

describe('the /api/v1 route files', () => {
  const doc = buildOpenApiDocument(API_ROUTES);
  const documented = new Map<string, string>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      documented.set(`${method.toUpperCase()} ${path}`, op['x-toolplane-action']);
  const exported = exportedOperations();

  it('export only handleApiRequest, each method once per file', () => {
    for (const file of routeFiles(V1)) {
      const text = readFileSync(file, 'utf8');
      const methods = [...text.matchAll(/export (?:async )?(?:const|function) ([A-Z]+)\b/g)];
      const bound = [...text.matchAll(/defineRoute\(\s*'[^']+',\s*handleApiRequest\s*\)/g)];
      expect(methods.length, relative(V1, file)).toBe(bound.length);
      expect(text, relative(V1, file)).toContain("export const dynamic = 'force-dynamic'");
    }
  });

  it('are each in the OpenAPI document, under the same registry entry', () => {
    expect(exported.length).toBeGreaterThan(40);
    const missing = exported.filter((op) => !documented.has(op.key)).map((op) => op.key);
    expect(missing, 'route files missing from the OpenAPI document').toEqual([]);
    for (const op of exported) expect(op.action, op.key).toBe(documented.get(op.key));
  });

  it('cover every operation of the document (none is unreachable in the app)', () => {
    const served = new Set(exported.map((op) => op.key));
    expect([...documented.keys()].filter((key) => !served.has(key))).toEqual([]);
  });

  it('describe a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });
});
