/** The module global the compiled script assigns its factory to; read and deleted by the runner. */
export const MODULE_GLOBAL = '__toolplane_module';

/**
 * In-isolate runner: loads the module, calls the chosen export, and returns one string to the
 * host — `R` + the result as JSON, or `E` + `{ kind, message }`. Results are copied out as JSON,
 * checked strictly: a function, symbol, BigInt, Map, Set, binary data or cycle anywhere in the
 * value is an error naming where, not silently dropped as JSON.stringify would.
 */
export const RUNNER_SOURCE = String.raw`
let started = false;

function failure(kind, message) {
  return 'E' + jsonStringify({ kind, message: String(message).slice(0, 4000) });
}

function describeThrown(thrown) {
  try {
    if (thrown !== null && typeof thrown === 'object' && typeof thrown.message === 'string') {
      const name = typeof thrown.name === 'string' ? thrown.name : '';
      return name && name !== 'Error' ? name + ': ' + thrown.message : thrown.message;
    }
    if (typeof thrown === 'string') return thrown;
    if (thrown === undefined) return 'script threw undefined';
    if (thrown !== null && typeof thrown === 'object') {
      const json = jsonStringify(thrown);
      if (typeof json === 'string') return json;
    }
    return String(thrown);
  } catch {
    return 'script threw a value that could not be described';
  }
}

function resultError(message) {
  const error = new Error(message);
  error.resultError = true;
  return error;
}

function pathOf(path, key) {
  return typeof key === 'number' ? path + '[' + key + ']'
    : /^[A-Za-z_$][\w$]*$/.test(key) ? path + '.' + key : path + '[' + jsonStringify(key) + ']';
}

function serializeResult(value, maxChars) {
  const stack = [];
  let size = 0;
  const grow = (text) => {
    size += text.length;
    if (size > maxChars) throw resultError('the result is larger than ' + maxChars + ' bytes');
    return text;
  };
  function walk(input, path, inArray) {
    let current = input;
    if (current !== null && typeof current === 'object' && typeof current.toJSON === 'function') current = current.toJSON();
    switch (typeof current) {
      case 'string': return grow(jsonStringify(current));
      case 'number': return grow(Number.isFinite(current) ? String(current) : 'null');
      case 'boolean': return grow(current ? 'true' : 'false');
      case 'undefined': return inArray ? grow('null') : undefined;
      case 'function': throw resultError('the result contains a function at ' + path);
      case 'symbol': throw resultError('the result contains a symbol at ' + path);
      case 'bigint': throw resultError('the result contains a BigInt at ' + path);
    }
    if (current === null) return grow('null');
    if (stack.includes(current)) throw resultError('the result contains a cycle at ' + path);
    if (current instanceof Map || current instanceof Set) throw resultError('the result contains a ' + (current instanceof Map ? 'Map' : 'Set') + ' at ' + path + ' (convert it to an object or array)');
    if (current instanceof ArrayBuffer || isView(current)) throw resultError('the result contains binary data at ' + path + ' (encode it, e.g. as base64)');
    if (current instanceof Promise) throw resultError('the result contains a promise at ' + path + ' (await it)');
    stack.push(current);
    let out;
    if (isArray(current)) {
      const parts = [];
      for (let i = 0; i < current.length; i++) parts.push(walk(current[i], pathOf(path, i), true));
      out = '[' + parts.join(',') + ']';
    } else {
      const parts = [];
      for (const key of objectKeys(current)) {
        const item = walk(current[key], pathOf(path, key), false);
        if (item !== undefined) parts.push(grow(jsonStringify(key)) + ':' + item);
      }
      out = '{' + parts.join(',') + '}';
    }
    stack.pop();
    return out;
  }
  try {
    const json = walk(value, '$', false);
    return 'R' + (json === undefined ? 'null' : json);
  } catch (error) {
    if (error && error.resultError === true) return failure('result', error.message);
    if (error instanceof RangeError) return failure('result', 'the result is nested too deeply');
    return failure('thrown', describeThrown(error));
  }
}

async function run(exportName, input) {
  if (started) return failure('internal', 'context reused');
  started = true;
  const request = jsonParse(input);
  consoleBudget = request.maxConsoleChars;
  const factory = G.${MODULE_GLOBAL};
  delete G.${MODULE_GLOBAL};
  if (typeof factory !== 'function') return failure('internal', 'the script was not loaded');
  const moduleExports = {};
  let value;
  try {
    await factory.call(undefined, moduleExports);
    const handler = hasOwn(moduleExports, exportName) ? moduleExports[exportName] : undefined;
    if (typeof handler !== 'function') {
      return failure('export', exportName === 'default'
        ? 'the script has no default export function'
        : 'the script has no exported function named ' + jsonStringify(exportName));
    }
    value = await handler(request.payload, request.context);
  } catch (thrown) {
    return failure('thrown', describeThrown(thrown));
  }
  return serializeResult(value, request.maxResultChars);
}

function entry(operation, first, second) {
  if (operation === 'run') return run(first, second);
  if (operation === 'timer') return fireTimer(first);
  if (operation === 'fetch') return settleFetch(first, second);
}
`;
