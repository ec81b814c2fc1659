/**
 * In-isolate `fetch`, `Headers` and `Response`. The request is validated and serialised here; the
 * host decides whether it may go out (allow-list, address policy, size and time caps) and answers
 * through `dispatch('fetch', id, outcome)`. The host checks everything again: nothing here is
 * trusted.
 */
export const FETCH_SOURCE = String.raw`
const HEADER_NAME = /^[!#$%&'*+\-.^_|~0-9A-Za-z]+$/;
const HEADER_VALUE_FORBIDDEN = /[\0\r\n]/;

function normalizeHeaderValue(value) {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (HEADER_VALUE_FORBIDDEN.test(text)) throw new TypeError('Invalid header value');
  return text;
}
function checkHeaderName(name) {
  const text = String(name);
  if (!HEADER_NAME.test(text)) throw new TypeError('Invalid header name: ' + text);
  return text.toLowerCase();
}

class Headers {
  #map = new Map();
  constructor(init) {
    if (init === undefined || init === null) return;
    if (init instanceof Headers) {
      for (const [name, value] of init) this.append(name, value);
    } else if (typeof init === 'object' && typeof init[Symbol.iterator] === 'function') {
      for (const pair of init) {
        const items = [...pair];
        if (items.length !== 2) throw new TypeError('Headers: each pair must have exactly two items');
        this.append(items[0], items[1]);
      }
    } else if (typeof init === 'object') {
      for (const key of objectKeys(init)) this.append(key, init[key]);
    } else {
      throw new TypeError('Headers: init must be an object or a list of pairs');
    }
  }
  append(name, value) {
    const key = checkHeaderName(name);
    const text = normalizeHeaderValue(value);
    const existing = this.#map.get(key);
    this.#map.set(key, existing === undefined ? text : existing + ', ' + text);
  }
  set(name, value) { this.#map.set(checkHeaderName(name), normalizeHeaderValue(value)); }
  get(name) {
    const value = this.#map.get(checkHeaderName(name));
    return value === undefined ? null : value;
  }
  has(name) { return this.#map.has(checkHeaderName(name)); }
  delete(name) { this.#map.delete(checkHeaderName(name)); }
  forEach(callback, thisArg) { for (const [name, value] of this) callback.call(thisArg, value, name, this); }
  *entries() {
    const names = [...this.#map.keys()].sort();
    for (const name of names) yield [name, this.#map.get(name)];
  }
  *keys() { for (const [name] of this.entries()) yield name; }
  *values() { for (const [, value] of this.entries()) yield value; }
  [Symbol.iterator]() { return this.entries(); }
}
nameClass(Headers, 'Headers');

function bodyBytes(body, headers) {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') {
    if (headers && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    return utf8Encode(body);
  }
  if (body instanceof URLSearchParams) {
    if (headers && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return utf8Encode(body.toString());
  }
  if (body instanceof ArrayBuffer || isView(body)) return toBytes(body, 'body').slice();
  throw new TypeError('Unsupported body type: use a string, URLSearchParams, an ArrayBuffer or a typed array');
}

class Response {
  #bytes;
  #used = false;
  #status;
  #statusText;
  #headers;
  #url;
  #redirected;
  constructor(body = null, init = {}) {
    const status = init.status === undefined ? 200 : Number(init.status);
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError('Response status must be between 200 and 599');
    this.#headers = new Headers(init.headers);
    this.#bytes = bodyBytes(body, this.#headers) || new Uint8Array(0);
    this.#status = status;
    this.#statusText = init.statusText === undefined ? '' : String(init.statusText);
    this.#url = '';
    this.#redirected = false;
  }
  static _fromHost(outcome) {
    const response = new Response(null);
    response.#status = outcome.status;
    response.#statusText = outcome.statusText;
    response.#headers = new Headers(outcome.headers);
    response.#bytes = new Uint8Array(outcome.body);
    response.#url = outcome.url;
    response.#redirected = outcome.redirected;
    return response;
  }
  static json(data, init = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new Response(jsonStringify(data), { ...init, headers });
  }
  get status() { return this.#status; }
  get statusText() { return this.#statusText; }
  get ok() { return this.#status >= 200 && this.#status <= 299; }
  get headers() { return this.#headers; }
  get url() { return this.#url; }
  get redirected() { return this.#redirected; }
  get type() { return 'basic'; }
  get bodyUsed() { return this.#used; }
  #consume() {
    if (this.#used) return Promise.reject(new TypeError('Body has already been consumed'));
    this.#used = true;
    return Promise.resolve(this.#bytes);
  }
  arrayBuffer() { return this.#consume().then((bytes) => bytes.slice().buffer); }
  bytes() { return this.#consume().then((bytes) => bytes.slice()); }
  text() { return this.#consume().then((bytes) => utf8Decode(bytes, false, false)); }
  json() { return this.text().then((text) => jsonParse(text)); }
  clone() {
    if (this.#used) throw new TypeError('Response body has already been consumed');
    const copy = Response._fromHost({
      status: this.#status, statusText: this.#statusText, headers: [...this.#headers],
      body: this.#bytes.slice().buffer, url: this.#url, redirected: this.#redirected,
    });
    return copy;
  }
}
nameClass(Response, 'Response');
const responseFromHost = Response._fromHost;
delete Response._fromHost;

const pendingFetches = new Map();
let fetchSeq = 0;
const METHODS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH'];

function fetch(input, init = {}) {
  return new Promise((resolve, reject) => {
    const source = typeof input === 'string' ? input
      : input instanceof URL ? input.href
      : input !== null && typeof input === 'object' && typeof input.url === 'string' ? input.url
      : String(input);
    const url = parseUrl(source);
    if (!url) throw new TypeError('fetch: invalid URL: ' + source);
    const options = init === null || init === undefined ? {} : init;
    let method = options.method === undefined ? 'GET' : String(options.method);
    if (METHODS.includes(method.toUpperCase())) method = method.toUpperCase();
    if (!HEADER_NAME.test(method)) throw new TypeError('fetch: invalid method ' + method);
    const headers = new Headers(options.headers);
    const body = bodyBytes(options.body, headers);
    if (body !== null && (method === 'GET' || method === 'HEAD')) throw new TypeError('fetch: a ' + method + ' request cannot have a body');
    const redirect = options.redirect === undefined ? 'follow' : String(options.redirect);
    if (redirect !== 'follow' && redirect !== 'manual' && redirect !== 'error') throw new TypeError('fetch: invalid redirect mode ' + redirect);
    const id = ++fetchSeq;
    pendingFetches.set(id, { resolve, reject });
    hostFetch(id, { url: url.href, method, headers: [...headers], body: body === null ? null : body.buffer, redirect });
  });
}

function settleFetch(id, outcome) {
  const pending = pendingFetches.get(id);
  if (!pending) return;
  pendingFetches.delete(id);
  if (outcome && outcome.ok === true) pending.resolve(responseFromHost(outcome));
  else pending.reject(new TypeError(outcome && typeof outcome.message === 'string' ? outcome.message : 'fetch failed'));
}

defineGlobal('fetch', fetch);
defineGlobal('Headers', Headers);
defineGlobal('Response', Response);
`;
