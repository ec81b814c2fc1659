// Rewrites schema/toolplane.schema.json from the zod schemas (the sync test says when to run it).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configJsonSchemaText } from '../config/config-json-schema';

const target = join(import.meta.dirname, '..', '..', 'schema', 'toolplane.schema.json');
writeFileSync(target, configJsonSchemaText());
console.log(`wrote ${target}`);
