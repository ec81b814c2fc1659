/**
 * In-isolate `structuredClone`, after the HTML structured clone algorithm: primitives, wrapper
 * objects, Date, RegExp, Map, Set, ArrayBuffer and views, Error types, arrays and plain objects
 * (class instances become plain objects), with cycles and shared references preserved. Functions,
 * symbols and platform objects (Promise, WeakMap, …) throw a DataCloneError.
 */
export const CLONE_SOURCE = `
function dataCloneError(what) {
  const error = new Error(what + ' could not be cloned.');
  error.name = 'DataCloneError';
  return error;
}

const ERROR_TYPES = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };

function structuredClone(value, options) {
  if (arguments.length === 0) throw new TypeError('structuredClone requires 1 argument');
  if (options !== undefined && options !== null && options.transfer !== undefined && options.transfer.length) {
    throw dataCloneError('transfer list');
  }
  const memory = new Map();

  function cloneBuffer(buffer) {
    if (memory.has(buffer)) return memory.get(buffer);
    const copy = buffer.slice(0);
    memory.set(buffer, copy);
    return copy;
  }

  function clone(input) {
    const type = typeof input;
    if (type === 'symbol') throw dataCloneError(String(input.description === undefined ? 'Symbol()' : 'Symbol(' + input.description + ')'));
    if (type === 'function') throw dataCloneError(input.name ? 'function ' + input.name : 'a function');
    if (type !== 'object' || input === null) return input;
    if (memory.has(input)) return memory.get(input);

    const tag = tagOf(input);
    let out;
    switch (tag) {
      case '[object Boolean]': out = Object(Boolean.prototype.valueOf.call(input)); break;
      case '[object Number]': out = Object(Number.prototype.valueOf.call(input)); break;
      case '[object String]': out = Object(String.prototype.valueOf.call(input)); break;
      case '[object BigInt]': out = Object(BigInt.prototype.valueOf.call(input)); break;
      case '[object Date]': out = new Date(Date.prototype.getTime.call(input)); break;
      case '[object RegExp]': out = new RegExp(input.source, input.flags); break;
      case '[object ArrayBuffer]': return cloneBuffer(input);
      case '[object DataView]':
        out = new DataView(cloneBuffer(input.buffer), input.byteOffset, input.byteLength);
        break;
      case '[object Map]': {
        out = new Map();
        memory.set(input, out);
        for (const [key, item] of input) out.set(clone(key), clone(item));
        return out;
      }
      case '[object Set]': {
        out = new Set();
        memory.set(input, out);
        for (const item of input) out.add(clone(item));
        return out;
      }
      case '[object Error]': {
        const Ctor = hasOwn(ERROR_TYPES, input.name) ? ERROR_TYPES[input.name] : Error;
        out = new Ctor(input.message === undefined ? undefined : String(input.message));
        memory.set(input, out);
        if (typeof input.stack === 'string') defineProperty(out, 'stack', { value: input.stack, writable: true, configurable: true });
        if ('cause' in input) defineProperty(out, 'cause', { value: clone(input.cause), writable: true, configurable: true });
        return out;
      }
      case '[object Array]': {
        out = new Array(input.length);
        memory.set(input, out);
        for (const key of objectKeys(input)) out[key] = clone(input[key]);
        return out;
      }
      case '[object Object]':
        if (isView(input) || input instanceof ArrayBuffer) break;
        out = {};
        memory.set(input, out);
        for (const key of objectKeys(input)) out[key] = clone(input[key]);
        return out;
    }
    if (out === undefined && isView(input)) {
      const Ctor = G[tag.slice(8, -1)];
      out = new Ctor(cloneBuffer(input.buffer), input.byteOffset, input.length);
    }
    if (out === undefined) throw dataCloneError(tag.slice(8, -1) + ' object');
    memory.set(input, out);
    return out;
  }

  return clone(value);
}

defineGlobal('structuredClone', structuredClone);
`;
