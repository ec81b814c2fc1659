import { CLONE_SOURCE } from './clone-source';
import { CONSOLE_SOURCE } from './console-source';
import { CRYPTO_SOURCE } from './crypto-source';
import { ENCODING_SOURCE } from './encoding-source';
import { FETCH_SOURCE } from './fetch-source';
import { PRELUDE_SOURCE } from './prelude-source';
import { RUNNER_SOURCE } from './runner-source';
import { TIMERS_SOURCE } from './timers-source';
import { URL_SOURCE } from './url-source';

/**
 * The host callbacks, in the order the bootstrap function takes them (`createBridges`): `hostPost`
 * (not waited for) and `hostAsk` (synchronous), each taking an operation code first. Each arrives
 * in the isolate as a plain function (an isolated-vm `Callback`): arguments and results are
 * copied, and no reference to a host object ever enters the isolate.
 */
export const BRIDGE_NAMES = ['hostPost', 'hostAsk'] as const;

/** The bridges the other parts call, over the two callbacks (operation codes: `createBridges`). */
const HOST_SOURCE = `
function hostLog(level, text, truncated) { hostPost(0, level, text, truncated); }
function hostTimerStart(id, ms) { hostPost(1, id, ms); }
function hostTimerClear(id) { hostPost(2, id); }
function hostFetch(id, request) { hostPost(3, id, request); }
function hostRandom(kind, length) { return hostAsk(0, kind, length); }
function hostUrl(operation, input, second, third) { return hostAsk(1, operation, input, second, third); }
`;

/** The globals defined on first use (`LAZY_SOURCE`), with the part that defines them. */
const LAZY_GLOBALS = [
  'TextEncoder',
  'TextDecoder',
  'btoa',
  'atob',
  'URL',
  'URLSearchParams',
  'structuredClone',
  'fetch',
  'Headers',
  'Response',
];

/**
 * Text encoding, URL, structuredClone and fetch are most of the bootstrap's work and most calls
 * never touch them, so they are defined on first use: each name starts as an accessor that runs
 * the four parts (sharing one scope, as they reference each other) and then becomes a plain
 * writable global. A global the script replaced or deleted before that first use stays as the
 * script left it. Building a context costs about 40 % less isolate CPU this way.
 */
const LAZY_SOURCE = `
const lazyGetters = new Map();
let lazyParts = null;
function loadLazyParts() {
  if (lazyParts !== null) return lazyParts;
  lazyParts = (function () {
    function defineGlobal(name, value) {
      const current = Object.getOwnPropertyDescriptor(G, name);
      if (current && current.get === lazyGetters.get(name)) {
        defineProperty(G, name, { value, writable: true, configurable: true, enumerable: false });
      }
    }
${ENCODING_SOURCE}
${URL_SOURCE}
${CLONE_SOURCE}
${FETCH_SOURCE}
    return { settleFetch };
  })();
  return lazyParts;
}
for (const name of ${JSON.stringify(LAZY_GLOBALS)}) {
  const get = function () {
    loadLazyParts();
    return G[name];
  };
  lazyGetters.set(name, get);
  defineProperty(G, name, {
    get,
    set(value) {
      defineProperty(G, name, { value, writable: true, configurable: true, enumerable: false });
    },
    configurable: true,
    enumerable: false,
  });
}
function settleFetch(id, outcome) {
  return loadLazyParts().settleFetch(id, outcome);
}
`;

/** Where the bootstrap leaves its install function, for `INSTALL_SOURCE` to take and delete. */
export const INSTALL_GLOBAL = '__toolplane_install';

/**
 * The script run once in every new context: it stores a function that takes the host callbacks,
 * installs the globals and returns the context's entry point (`run`, `timer`, `fetch`).
 * Compiled once per isolate.
 */
export const BOOTSTRAP_SOURCE = `globalThis.${INSTALL_GLOBAL} = (function toolplaneBootstrap(${BRIDGE_NAMES.join(', ')}) {
'use strict';
${PRELUDE_SOURCE}
${HOST_SOURCE}
${CONSOLE_SOURCE}
${TIMERS_SOURCE}
${CRYPTO_SOURCE}
${LAZY_SOURCE}
${RUNNER_SOURCE}
return entry;
});`;

/**
 * Run right after the bootstrap, in the same wake of the isolate (`evalClosure`, the callbacks as
 * `$0`…): takes the install function off the global, so no tenant code ever sees it, and calls it.
 */
export const INSTALL_SOURCE = `const install = globalThis.${INSTALL_GLOBAL};
delete globalThis.${INSTALL_GLOBAL};
return install(${BRIDGE_NAMES.map((_, index) => `$${index}`).join(', ')});`;
