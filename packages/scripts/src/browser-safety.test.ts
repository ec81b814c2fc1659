import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The dashboard runs this package in the browser: no `node:*`, no Node globals, and only
// browser-safe dependencies.
const ALLOWED_PACKAGES = new Set(['sucrase', 'acorn']);
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
const NODE_GLOBALS = [/\bprocess\s*\./, /\bBuffer\b/, /\brequire\s*\(/, /\b__dirname\b/];

const srcDir = path.dirname(new URL(import.meta.url).pathname);
const files = readdirSync(srcDir).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
);

describe('packages/scripts is browser-safe', () => {
  it.each(files)('%s', (file) => {
    const code = readFileSync(path.join(srcDir, file), 'utf8').replace(
      /\/\/.*$|\/\*[\s\S]*?\*\//gm,
      '',
    );
    for (const match of code.matchAll(SPECIFIER)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) expect(ALLOWED_PACKAGES).toContain(specifier);
    }
    for (const pattern of NODE_GLOBALS) expect(code).not.toMatch(pattern);
  });
});
