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
 * The host callbacks, in the order the bootstrap function takes them. Each arrives in the isolate
 * as a plain function (an isolated-vm `Callback`): arguments and results are copied, and no
 * reference to a host object ever enters the isolate.
 */
export const BRIDGE_NAMES = [
  'hostLog',
  'hostTimerStart',
  'hostTimerClear',
  'hostFetch',
  'hostRandom',
  'hostUrl',
] as const;

/**
 * The script run once in every new context: it evaluates to a function that takes the host
 * callbacks, installs the globals and returns the context's entry point (`run`, `timer`,
 * `fetch`). Compiled once per isolate.
 */
export const BOOTSTRAP_SOURCE = `(function toolplaneBootstrap(${BRIDGE_NAMES.join(', ')}) {
'use strict';
${PRELUDE_SOURCE}
${CONSOLE_SOURCE}
${TIMERS_SOURCE}
${ENCODING_SOURCE}
${URL_SOURCE}
${CLONE_SOURCE}
${CRYPTO_SOURCE}
${FETCH_SOURCE}
${RUNNER_SOURCE}
return entry;
})`;
