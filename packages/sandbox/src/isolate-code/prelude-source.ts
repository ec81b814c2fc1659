/**
 * In-isolate code, part 1 of the bootstrap. All parts are concatenated into one strict function
 * body run once per pre-warmed context, before any tenant code: they share its scope, so what
 * they capture here (intrinsics, the host callbacks) is out of reach of the tenant's code, which
 * can only change its own context's globals.
 *
 * The parts are strings, not functions stringified at run time, so no bundler or test transform
 * can change what runs inside the isolate. They avoid backticks and dollar-brace sequences.
 */
export const PRELUDE_SOURCE = `
const G = globalThis;
const defineProperty = Object.defineProperty;
const hasOwn = Object.hasOwn;
const objectKeys = Object.keys;
const getPrototypeOf = Object.getPrototypeOf;
const ObjectPrototype = Object.prototype;
const isArray = Array.isArray;
const isView = ArrayBuffer.isView;
const jsonParse = JSON.parse;
const jsonStringify = JSON.stringify;
const fromCharCode = String.fromCharCode;
const objectToString = Object.prototype.toString;
const tagOf = (value) => objectToString.call(value);

function defineGlobal(name, value) {
  defineProperty(G, name, { value, writable: true, configurable: true, enumerable: false });
}
function nameClass(ctor, name) {
  defineProperty(ctor.prototype, Symbol.toStringTag, { value: name, configurable: true });
}
function toBytes(input, what) {
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw new TypeError(what + ' must be an ArrayBuffer or a typed array');
}

// Not part of the sandbox's API, and each a way around its limits: WebAssembly memory is
// allocated outside the V8 heap, and Atomics.wait blocks the isolate's thread without using CPU.
delete G.WebAssembly;
delete G.SharedArrayBuffer;
delete G.Atomics;
`;
