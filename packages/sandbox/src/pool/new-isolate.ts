import v8 from 'node:v8';
import ivm from 'isolated-vm';

/**
 * Whoever started the process chose V8's initial heap size (`--initial-old-space-size` or
 * `--initial-heap-size`, on the command line or in NODE_OPTIONS): their choice stands.
 */
const operatorChoseInitialHeap = /--initial[-_](old[-_]space|heap)[-_]size/.test(
  // biome-ignore lint/style/noProcessEnv: Node's own flags variable, read like process.execArgv.
  [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '),
);

/**
 * A new isolate whose old generation starts at `initialOldSpaceMb` rather than V8's default.
 *
 * Until its first full GC an isolate's old-generation limit is V8's initial one — half the heap
 * limit, 32 MB for the default 64 MB — and every call's fresh context (~200 KB, deserialised into
 * old space) lands on new pages until then. One hot isolate reaches that GC within a second and
 * from then on reuses the memory it frees; with 100 workspaces round-robin each isolate gets a
 * hundredth of the calls, so they all kept growing on fresh pages: ~50 page faults per call
 * against 3–7, and 20+ MB of heap per isolate (bench/sandbox/README.md). A small initial size
 * makes the first full GC come early; V8 sizes the limit from the live heap after that.
 *
 * The V8 flag is process-wide and read when an isolate is created, so it is set for this
 * (synchronous) creation only and put back to V8's default (0: not set) right after.
 */
export function newIsolate(options: ivm.IsolateOptions, initialOldSpaceMb: number): ivm.Isolate {
  const size = Math.floor(initialOldSpaceMb);
  if (!(size > 0) || operatorChoseInitialHeap) return new ivm.Isolate(options);
  v8.setFlagsFromString(`--initial-old-space-size=${size}`);
  try {
    return new ivm.Isolate(options);
  } finally {
    v8.setFlagsFromString('--initial-old-space-size=0');
  }
}
