import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

// `npm start` runs dist/main.js: a small entry that turns on source maps for our own code, then
// loads dist/runtime.js, one ESM bundle. Our workspace packages (@toolplane/*) are TypeScript
// source, so they are bundled; every npm dependency stays external and is loaded from
// node_modules at run time (native addons, Prisma's runtime and pg must not be copied into the
// bundle).
const here = import.meta.dirname;
const dist = path.join(here, 'dist');

/** @type {import('esbuild').Plugin} */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@toolplane/') ? undefined : { path: args.path, external: true },
    );
  },
};

// Prisma's query compiler, as the generated client loads it, is the speed-optimised ("fast")
// WebAssembly build imported as a 4.6 MB base64 module: its source and its string stay in the
// heap for good, and the first query peaks ~25 MB above the steady state. The runtime's Prisma
// queries are few and off the request path (token lookups are cached, snapshots load once), so
// the bundle loads the size-optimised build ("small", same JavaScript glue) from a plain .wasm
// file next to it instead. Measured on this bundle after the first control-plane queries: RSS
// 171 → 129 MB, peak 197 → 141 MB (with the source-map change below); uncached token lookups
// no slower.
const QUERY_COMPILER = 'query_compiler_small_bg.postgresql';
const QUERY_COMPILER_WASM = 'query-compiler.wasm';

/** @type {import('esbuild').Plugin} */
const smallQueryCompiler = {
  name: 'small-query-compiler',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const loader =
        /getQueryCompilerWasmModule: async \(\) => \{\s*const \{ wasm \} = await import\("@prisma\/client\/runtime\/query_compiler_(fast|small)_bg\.postgresql\.wasm-base64\.mjs"\)\s*return await decodeBase64AsWasm\(wasm\)\s*\}/;
      const runtime =
        /getRuntime: async \(\) => await import\("@prisma\/client\/runtime\/query_compiler_(fast|small)_bg\.postgresql\.mjs"\)/;
      const importName = /importName: "\.\/query_compiler_(fast|small)_bg\.js"/;
      if (!loader.test(source) || !runtime.test(source) || !importName.test(source)) {
        throw new Error(
          `${args.path}: the generated Prisma client no longer loads its query compiler the way build.mjs rewrites it (getRuntime / getQueryCompilerWasmModule / importName); update the small-query-compiler plugin`,
        );
      }
      const contents = source
        .replace(
          runtime,
          `getRuntime: async () => await import("@prisma/client/runtime/${QUERY_COMPILER}.mjs")`,
        )
        .replace(importName, `importName: "./${QUERY_COMPILER.split('.')[0]}.js"`)
        .replace(
          loader,
          `getQueryCompilerWasmModule: async () => {
    const { readFileSync } = await import('node:fs')
    return new WebAssembly.Module(readFileSync(new URL('./${QUERY_COMPILER_WASM}', import.meta.url)))
  }`,
        );
      return { contents, loader: 'ts' };
    });
  },
};

const requireFromDb = createRequire(path.join(here, '../../packages/db/package.json'));
const { wasm } = await import(
  requireFromDb.resolve(`@prisma/client/runtime/${QUERY_COMPILER}.wasm-base64.mjs`)
);

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'runtime.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  // Stack traces need the mappings, not the sources: half the map's size, less to parse.
  sourcemap: true,
  sourcesContent: false,
  // Bundled CommonJS code may call require(); ESM has none, so give it one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [externalNpmPackages, smallQueryCompiler],
  logLevel: 'info',
});
writeFileSync(path.join(dist, QUERY_COMPILER_WASM), Buffer.from(wasm, 'base64'));
// `--enable-source-maps` would also read and keep the maps of every node_modules file loaded
// (Prisma's runtime alone ships 1 MB of them): about 7 MB of RSS for stack frames we never
// need mapped. Turning support on here, before the bundle loads, maps our own frames only.
writeFileSync(
  path.join(dist, 'main.js'),
  `import { setSourceMapsSupport } from 'node:module';
setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
await import('./runtime.js');
`,
);
