// biome-ignore lint/style/noRestrictedImports: this test reads the package sources from disk
import { readdirSync, readFileSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: this test reads the package sources from disk
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The pipeline is pure (DESIGN §2): side effects arrive through ports. Only these packages may be
// imported from src, all of them browser-safe; everything else is relative.
const ALLOWED_PACKAGES = new Set(['zod', '@opentelemetry/api', 'jose']);
const NODE_GLOBALS = [
  /\bprocess\s*\./,
  /\bBuffer\s*[.(]/,
  /\bnew\s+Buffer\b/,
  /\brequire\s*\(/,
  /\b__dirname\b/,
  /\b__filename\b/,
  /\bsetImmediate\s*\(/,
];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

const srcDir = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

export function impurities(code: string): string[] {
  const found: string[] = [];
  const stripped = stripComments(code);
  for (const match of stripped.matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    if (specifier.startsWith('.')) continue;
    const name = specifier.startsWith('@')
      ? specifier.split('/').slice(0, 2).join('/')
      : specifier.split('/')[0]!;
    if (!ALLOWED_PACKAGES.has(name)) found.push(`imports '${specifier}'`);
  }
  for (const pattern of NODE_GLOBALS) {
    if (pattern.test(stripped)) found.push(`uses a Node global (${pattern.source})`);
  }
  return found;
}

/** Every package a module reaches through its relative imports. */
function reachablePackages(entry: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(entry)) return packages;
  seen.add(entry);
  const code = stripComments(readFileSync(entry, 'utf8'));
  for (const match of code.matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    if (!specifier.startsWith('.')) {
      packages.add(specifier);
      continue;
    }
    const target = path.resolve(path.dirname(entry), specifier);
    const file = [`${target}.ts`, path.join(target, 'index.ts')].find((candidate) => {
      try {
        readFileSync(candidate);
        return true;
      } catch {
        return false;
      }
    });
    if (file !== undefined) for (const name of reachablePackages(file, seen)) packages.add(name);
  }
  return packages;
}

describe('packages/pipeline purity', () => {
  it('keeps the ./compile entry (the dashboard bundle) down to zod', () => {
    expect([...reachablePackages(path.join(srcDir, 'compile.ts'))]).toEqual(['zod']);
  });

  const files = sourceFiles(srcDir);

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [path.relative(srcDir, file), file]))(
    '%s imports nothing impure',
    (_name, file) => {
      expect(impurities(readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it('catches forbidden imports and globals (self-test)', () => {
    expect(impurities("import { readFile } from 'node:fs';")).toEqual(["imports 'node:fs'"]);
    expect(impurities("import pg from 'pg';")).toEqual(["imports 'pg'"]);
    expect(impurities("import mysql from 'mysql2/promise';")).toEqual(["imports 'mysql2/promise'"]);
    expect(impurities("const ivm = await import('isolated-vm');")).toEqual([
      "imports 'isolated-vm'",
    ]);
    expect(impurities("import { PrismaClient } from '@prisma/client';")).toEqual([
      "imports '@prisma/client'",
    ]);
    expect(impurities("import { db } from '@toolplane/db';")).toEqual(["imports '@toolplane/db'"]);
    expect(impurities("export { x } from 'ioredis';")).toEqual(["imports 'ioredis'"]);
    expect(impurities("const fs = require('fs');")).toEqual([
      "imports 'fs'",
      'uses a Node global (\\brequire\\s*\\()',
    ]);
    expect(impurities('const b = Buffer.from(x);')).toHaveLength(1);
    expect(impurities('const e = process.env.X;')).toHaveLength(1);
    expect(impurities("import { z } from 'zod';\nimport { a } from './a';")).toEqual([]);
    expect(impurities("// import fs from 'node:fs'\nconst t = 'Buffer';")).toEqual([]);
  });
});
