import path from 'node:path';
import { build } from 'esbuild';

// One ESM file behind bin/toolplane.js. npm dependencies stay external: they are the package's
// `dependencies`, installed beside it, so the tarball stays small and they keep their own files.
const here = import.meta.dirname;

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
