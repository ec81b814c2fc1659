import { z } from 'zod';
import { ZConfigDocument } from './config-document-schema';

/**
 * The JSON Schema of a workspace folder's YAML documents, for editors (yaml-language-server reads
 * the `$schema` modeline every exported file starts with). Generated from the same zod schemas
 * `parseConfigFiles` uses; `schema/toolplane.schema.json` is this, committed, and a test keeps the
 * two equal (`npm run schema -w @toolplane/gitops` rewrites it).
 */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ZConfigDocument, { io: 'input', target: 'draft-2020-12' }),
    title: 'Toolplane workspace folder document',
  };
}

export function configJsonSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
