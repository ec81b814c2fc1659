/** In-isolate `console`: formatted here, size-capped here, delivered to the host line by line. */
export const CONSOLE_SOURCE = String.raw`
let consoleBudget = 0;
let consoleUsed = 0;
let consoleClosed = false;

function errorText(error) {
  const stack = error.stack;
  if (typeof stack === 'string' && stack.length > 0) return stack;
  return String(error.name) + ': ' + String(error.message);
}

function keyText(key) {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsonStringify(key);
}

function formatValue(value, depth, seen) {
  switch (typeof value) {
    case 'string': return depth === 0 ? value : jsonStringify(value);
    case 'number': case 'boolean': case 'undefined': return String(value);
    case 'bigint': return String(value) + 'n';
    case 'symbol': return value.toString();
    case 'function': return '[Function' + (value.name ? ': ' + value.name : ' (anonymous)') + ']';
  }
  if (value === null) return 'null';
  if (seen.includes(value)) return '[Circular]';
  if (value instanceof Error) return errorText(value);
  const tag = tagOf(value);
  if (tag === '[object Date]') return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (tag === '[object RegExp]') return String(value);
  if (depth >= 3) return isArray(value) ? '[Array]' : '[Object]';
  seen.push(value);
  try {
    const parts = [];
    if (isArray(value)) {
      const shown = Math.min(value.length, 100);
      for (let i = 0; i < shown; i++) parts.push(formatValue(value[i], depth + 1, seen));
      if (value.length > shown) parts.push('... ' + (value.length - shown) + ' more items');
      return parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]';
    }
    if (value instanceof Map || value instanceof Set) {
      for (const entry of value) {
        if (parts.length >= 100) { parts.push('...'); break; }
        parts.push(value instanceof Map
          ? formatValue(entry[0], depth + 1, seen) + ' => ' + formatValue(entry[1], depth + 1, seen)
          : formatValue(entry, depth + 1, seen));
      }
      const name = (value instanceof Map ? 'Map(' : 'Set(') + value.size + ')';
      return parts.length ? name + ' { ' + parts.join(', ') + ' }' : name + ' {}';
    }
    if (isView(value)) return tag.slice(8, -1) + '(' + value.length + ')';
    const keys = objectKeys(value);
    for (const key of keys.slice(0, 100)) parts.push(keyText(key) + ': ' + formatValue(value[key], depth + 1, seen));
    if (keys.length > 100) parts.push('... ' + (keys.length - 100) + ' more keys');
    const proto = getPrototypeOf(value);
    const ctor = proto && proto !== ObjectPrototype && typeof proto.constructor === 'function' ? proto.constructor.name : '';
    const body = parts.length ? '{ ' + parts.join(', ') + ' }' : '{}';
    return ctor ? ctor + ' ' + body : body;
  } finally {
    seen.pop();
  }
}

function formatArgs(args) {
  let out = '';
  for (let i = 0; i < args.length; i++) {
    if (i > 0) out += ' ';
    const arg = args[i];
    out += typeof arg === 'string' ? arg : formatValue(arg, 0, []);
  }
  return out;
}

function emit(level, args) {
  if (consoleClosed) return;
  let text;
  try {
    text = formatArgs(args);
  } catch (error) {
    text = '[value could not be printed]';
  }
  const room = consoleBudget - consoleUsed;
  if (text.length > room) {
    consoleClosed = true;
    consoleUsed = consoleBudget;
    hostLog(level, text.slice(0, Math.max(0, room)), true);
    return;
  }
  consoleUsed += text.length;
  hostLog(level, text, false);
}

const timersByLabel = new Map();
const consoleObject = {
  log: (...args) => emit('log', args),
  info: (...args) => emit('info', args),
  warn: (...args) => emit('warn', args),
  error: (...args) => emit('error', args),
  debug: (...args) => emit('debug', args),
  trace: (...args) => emit('debug', args),
  dir: (value) => emit('log', [value]),
  table: (value) => emit('log', [value]),
  assert: (condition, ...args) => { if (!condition) emit('error', ['Assertion failed', ...args]); },
  time: (label = 'default') => { timersByLabel.set(String(label), Date.now()); },
  timeEnd: (label = 'default') => {
    const started = timersByLabel.get(String(label));
    if (started === undefined) return;
    timersByLabel.delete(String(label));
    emit('log', [String(label) + ': ' + (Date.now() - started) + ' ms']);
  },
};
defineGlobal('console', consoleObject);
`;
