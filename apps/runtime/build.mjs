import path from 'node:path';
import { build } from 'esbuild';

// One ESM file for `npm start`. Our workspace packages (@toolplane/*) are TypeScript source, so
// they are bundled; every npm dependency stays external and is loaded from node_modules at run
// time (native addons, Prisma's runtime and pg must not be copied into the bundle).
const here = import.meta.dirname;

/** @type {import('esbuild').Plugin} */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@toolplane/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  // Bundled CommonJS code may call require(); ESM has none, so give it one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [externalNpmPackages],
  logLevel: 'info',
});
