import { transform } from 'sucrase';

/**
 * Turns an import-free ES module into a CommonJS-style function body: exports become assignments
 * to a free `exports` variable and `export default` to `exports.default`. Lines are kept, and the
 * body may use top-level `await` (the sandbox runs it inside an async function), so it is compiled
 * once and run in a fresh context per call.
 */
export function toScriptBody(moduleCode: string): string {
  return transform(moduleCode, { transforms: ['imports'], disableESTransforms: true }).code;
}
