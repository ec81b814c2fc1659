/**
 * In-isolate `URL` and `URLSearchParams`. Parsing is the host's WHATWG parser behind a synchronous
 * bridge that takes and returns plain strings (writing a conforming URL parser again would be a
 * second, subtly different one); `URLSearchParams` is form encoding, done here.
 */
export const URL_SOURCE = `
function formDecode(text) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '+') { bytes.push(0x20); continue; }
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
      continue;
    }
    const encoded = utf8Encode(c);
    for (let k = 0; k < encoded.length; k++) bytes.push(encoded[k]);
  }
  return utf8Decode(new Uint8Array(bytes), false, true);
}

function formEncode(text) {
  return encodeURIComponent(String(text).toWellFormed())
    .replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

function parseQuery(query) {
  const list = [];
  const text = query.startsWith('?') ? query.slice(1) : query;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? '' : part.slice(eq + 1);
    list.push([formDecode(name), formDecode(value)]);
  }
  return list;
}

class URLSearchParams {
  #list = [];
  #onChange = null;
  constructor(init = '') {
    if (init instanceof URLSearchParams) {
      this.#list = init.#list.map((pair) => [pair[0], pair[1]]);
    } else if (init !== null && typeof init === 'object' && typeof init[Symbol.iterator] === 'function') {
      for (const pair of init) {
        const items = [...pair];
        if (items.length !== 2) throw new TypeError('URLSearchParams: each pair must have exactly two items');
        this.#list.push([String(items[0]), String(items[1])]);
      }
    } else if (init !== null && typeof init === 'object') {
      for (const key of objectKeys(init)) this.#list.push([key, String(init[key])]);
    } else {
      this.#list = parseQuery(String(init));
    }
  }
  static _bind(params, query, onChange) {
    params.#list = parseQuery(query);
    params.#onChange = onChange;
  }
  #changed() { if (this.#onChange) this.#onChange(this.toString()); }
  get size() { return this.#list.length; }
  append(name, value) { this.#list.push([String(name), String(value)]); this.#changed(); }
  delete(name, value) {
    const key = String(name);
    this.#list = this.#list.filter((pair) => pair[0] !== key || (value !== undefined && pair[1] !== String(value)));
    this.#changed();
  }
  get(name) {
    const key = String(name);
    const pair = this.#list.find((entry) => entry[0] === key);
    return pair ? pair[1] : null;
  }
  getAll(name) {
    const key = String(name);
    return this.#list.filter((pair) => pair[0] === key).map((pair) => pair[1]);
  }
  has(name, value) {
    const key = String(name);
    return this.#list.some((pair) => pair[0] === key && (value === undefined || pair[1] === String(value)));
  }
  set(name, value) {
    const key = String(name);
    const index = this.#list.findIndex((pair) => pair[0] === key);
    if (index === -1) {
      this.#list.push([key, String(value)]);
    } else {
      this.#list[index][1] = String(value);
      this.#list = this.#list.filter((pair, i) => i <= index || pair[0] !== key);
    }
    this.#changed();
  }
  sort() {
    this.#list = this.#list
      .map((pair, index) => [pair, index])
      .sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]))
      .map((entry) => entry[0]);
    this.#changed();
  }
  forEach(callback, thisArg) {
    for (const pair of this.#list.slice()) callback.call(thisArg, pair[1], pair[0], this);
  }
  *entries() { for (const pair of this.#list.slice()) yield [pair[0], pair[1]]; }
  *keys() { for (const pair of this.#list.slice()) yield pair[0]; }
  *values() { for (const pair of this.#list.slice()) yield pair[1]; }
  [Symbol.iterator]() { return this.entries(); }
  toString() { return this.#list.map((pair) => formEncode(pair[0]) + '=' + formEncode(pair[1])).join('&'); }
}
nameClass(URLSearchParams, 'URLSearchParams');
const bindSearchParams = URLSearchParams._bind;
delete URLSearchParams._bind;

const URL_PARTS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

function parseUrl(input, base) {
  const record = hostUrl('parse', String(input), base === undefined ? undefined : String(base));
  return record && typeof record === 'object' ? record : null;
}

class URL {
  #record;
  #params = null;
  constructor(input, base) {
    const record = parseUrl(input, base);
    if (!record) throw new TypeError('Invalid URL: ' + String(input));
    this.#record = record;
  }
  static canParse(input, base) { return parseUrl(input, base) !== null; }
  static parse(input, base) {
    try { return new URL(input, base); } catch { return null; }
  }
  #set(part, value) {
    const record = hostUrl('set', this.#record.href, part, String(value));
    if (!record || typeof record !== 'object') {
      if (part === 'href') throw new TypeError('Invalid URL: ' + String(value));
      return;
    }
    this.#record = record;
    if (this.#params && part !== 'hash') bindSearchParams(this.#params, record.search, (query) => this.#setQuery(query));
  }
  #setQuery(query) {
    const record = hostUrl('set', this.#record.href, 'search', query);
    if (record && typeof record === 'object') this.#record = record;
  }
  get searchParams() {
    if (!this.#params) {
      this.#params = new URLSearchParams();
      bindSearchParams(this.#params, this.#record.search, (query) => this.#setQuery(query));
    }
    return this.#params;
  }
  get href() { return this.#record.href; }
  set href(value) { this.#set('href', value); }
  get origin() { return this.#record.origin; }
  get protocol() { return this.#record.protocol; }
  set protocol(value) { this.#set('protocol', value); }
  get username() { return this.#record.username; }
  set username(value) { this.#set('username', value); }
  get password() { return this.#record.password; }
  set password(value) { this.#set('password', value); }
  get host() { return this.#record.host; }
  set host(value) { this.#set('host', value); }
  get hostname() { return this.#record.hostname; }
  set hostname(value) { this.#set('hostname', value); }
  get port() { return this.#record.port; }
  set port(value) { this.#set('port', value); }
  get pathname() { return this.#record.pathname; }
  set pathname(value) { this.#set('pathname', value); }
  get search() { return this.#record.search; }
  set search(value) { this.#set('search', value); }
  get hash() { return this.#record.hash; }
  set hash(value) { this.#set('hash', value); }
  toString() { return this.#record.href; }
  toJSON() { return this.#record.href; }
}
nameClass(URL, 'URL');
for (const part of URL_PARTS) {
  const descriptor = Object.getOwnPropertyDescriptor(URL.prototype, part);
  if (descriptor) { descriptor.enumerable = true; defineProperty(URL.prototype, part, descriptor); }
}

defineGlobal('URL', URL);
defineGlobal('URLSearchParams', URLSearchParams);
`;
