/** In-isolate `TextEncoder`, `TextDecoder` (UTF-8, per the WHATWG Encoding standard), `atob`, `btoa`. */
export const ENCODING_SOURCE = String.raw`
function utf8Encode(input) {
  const text = String(input);
  const out = new Uint8Array(text.length * 3);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) { out[o++] = c; continue; }
    if (c < 0x800) { out[o++] = 0xc0 | (c >> 6); out[o++] = 0x80 | (c & 63); continue; }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        out[o++] = 0xf0 | (cp >> 18);
        out[o++] = 0x80 | ((cp >> 12) & 63);
        out[o++] = 0x80 | ((cp >> 6) & 63);
        out[o++] = 0x80 | (cp & 63);
        continue;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    out[o++] = 0xe0 | (c >> 12);
    out[o++] = 0x80 | ((c >> 6) & 63);
    out[o++] = 0x80 | (c & 63);
  }
  return out.slice(0, o);
}

function utf8Decode(bytes, fatal, ignoreBOM) {
  const n = bytes.length;
  let i = 0;
  if (!ignoreBOM && n >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  let out = '';
  let units = [];
  const invalid = () => {
    if (fatal) throw new TypeError('The encoded data was not valid utf-8');
    units.push(0xfffd);
  };
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      units.push(b);
      i++;
    } else {
      let need = 0;
      let cp = 0;
      let lower = 0x80;
      let upper = 0xbf;
      if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 0x1f; }
      else if (b >= 0xe0 && b <= 0xef) {
        need = 2; cp = b & 0xf;
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3; cp = b & 7;
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
      }
      if (need === 0) {
        invalid();
        i++;
      } else {
        let j = i + 1;
        let complete = true;
        for (let k = 0; k < need; k++) {
          const c = j < n ? bytes[j] : -1;
          if (c < lower || c > upper) { complete = false; break; }
          lower = 0x80;
          upper = 0xbf;
          cp = (cp << 6) | (c & 0x3f);
          j++;
        }
        if (!complete) {
          invalid();
        } else if (cp >= 0x10000) {
          cp -= 0x10000;
          units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
        } else {
          units.push(cp);
        }
        i = j;
      }
    }
    if (units.length >= 8192) {
      out += fromCharCode.apply(null, units);
      units = [];
    }
  }
  return out + fromCharCode.apply(null, units);
}

const UTF8_LABELS = ['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8'];

class TextEncoder {
  get encoding() { return 'utf-8'; }
  encode(input = '') { return utf8Encode(input); }
  encodeInto(source, destination) {
    if (!(destination instanceof Uint8Array)) throw new TypeError('encodeInto expects a Uint8Array');
    const text = String(source);
    let read = 0;
    let written = 0;
    for (const char of text) {
      const bytes = utf8Encode(char);
      if (written + bytes.length > destination.length) break;
      destination.set(bytes, written);
      written += bytes.length;
      read += char.length;
    }
    return { read, written };
  }
}
nameClass(TextEncoder, 'TextEncoder');

class TextDecoder {
  #fatal;
  #ignoreBOM;
  constructor(label = 'utf-8', options = {}) {
    const name = String(label).trim().toLowerCase();
    if (!UTF8_LABELS.includes(name)) throw new RangeError('The encoding "' + label + '" is not supported (only utf-8)');
    this.#fatal = Boolean(options && options.fatal);
    this.#ignoreBOM = Boolean(options && options.ignoreBOM);
  }
  get encoding() { return 'utf-8'; }
  get fatal() { return this.#fatal; }
  get ignoreBOM() { return this.#ignoreBOM; }
  decode(input) {
    if (input === undefined) return '';
    return utf8Decode(toBytes(input, 'TextDecoder.decode input'), this.#fatal, this.#ignoreBOM);
  }
}
nameClass(TextDecoder, 'TextDecoder');

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_INDEX = new Map();
for (let i = 0; i < 64; i++) BASE64_INDEX.set(BASE64[i], i);

function invalidCharacter(message) {
  const error = new Error(message);
  error.name = 'InvalidCharacterError';
  return error;
}

function btoa(data) {
  if (arguments.length === 0) throw new TypeError('btoa requires 1 argument');
  const text = String(data);
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const a = text.charCodeAt(i);
    const b = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    const c = i + 2 < text.length ? text.charCodeAt(i + 2) : 0;
    if (a > 255 || b > 255 || c > 255) throw invalidCharacter('btoa: the string contains characters outside of the Latin1 range');
    out += BASE64[a >> 2] + BASE64[((a & 3) << 4) | (b >> 4)];
    out += i + 1 < text.length ? BASE64[((b & 15) << 2) | (c >> 6)] : '=';
    out += i + 2 < text.length ? BASE64[c & 63] : '=';
  }
  return out;
}

function atob(data) {
  if (arguments.length === 0) throw new TypeError('atob requires 1 argument');
  let text = String(data).replace(/[\t\n\f\r ]/g, '');
  if (text.length % 4 === 0) text = text.replace(/==?$/, '');
  if (text.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(text)) throw invalidCharacter('atob: the string is not correctly encoded');
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    buffer = (buffer << 6) | BASE64_INDEX.get(text[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += fromCharCode((buffer >> bits) & 0xff);
    }
  }
  return out;
}

defineGlobal('TextEncoder', TextEncoder);
defineGlobal('TextDecoder', TextDecoder);
defineGlobal('btoa', btoa);
defineGlobal('atob', atob);
`;
