#!/usr/bin/env node
// The published entry point: plain JavaScript, so `npx toolplane` and an installed tarball need
// no TypeScript loader. dist/ is built by `npm run build` (and by `npm pack` through prepack).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    'toolplane: the CLI is not built yet. Run `npm run build -w @toolplane/cli` first.\n',
  );
  process.exit(1);
}
await import(entry.href);
