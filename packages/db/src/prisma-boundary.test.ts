import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN §1 / STYLE §5: packages/db is the only code that imports Prisma. This fails the build
// when anything else does (apps, other packages, cross-app tests).

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SKIP = new Set(['node_modules', '.next', 'dist', 'generated', '.turbo', '.git']);
// Import statements (static, side-effect, re-export, dynamic, require) as code, at the start of a
// line — so a test that mentions `import … from '@prisma/client'` inside a string is not flagged.
const PRISMA_IMPORT =
  /^\s*(?:(?:import|export)\b[^'"]*?from\s*|import\s*|(?:const|let|var)?[^'"=]*=?\s*(?:await\s+)?(?:import|require)\s*\(\s*)['"](@prisma\/[^'"]+|prisma(?:\/[^'"]*)?|[^'"]*generated\/prisma[^'"]*)['"]/m;

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name)) yield full;
  }
}

describe('Prisma boundary', () => {
  it('nothing outside packages/db imports Prisma', async () => {
    const offenders: string[] = [];
    for (const top of ['apps', 'packages', 'test']) {
      for await (const file of sourceFiles(path.join(root, top))) {
        const relative = path.relative(root, file);
        if (relative.startsWith(`packages${path.sep}db${path.sep}`)) continue;
        const match = PRISMA_IMPORT.exec(await readFile(file, 'utf8'));
        if (match) offenders.push(`${relative} imports ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
