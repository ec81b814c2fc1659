import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';

const sandbox = createSandbox({ limits: { wallMs: 3000 } });
afterAll(() => sandbox.dispose());

async function evaluate(body: string, limits = {}): Promise<unknown> {
  const result = await sandbox.run({
    workspaceId: 'ws_globals',
    source: `export default async () => { ${body} }`,
    payload: {},
    limits,
  });
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

describe('sandbox globals', () => {
  it('defines encoding, URL, structuredClone and fetch on first use, as plain writable globals', async () => {
    expect(
      await evaluate(`
        const before = Object.getOwnPropertyDescriptor(globalThis, 'URL');
        const first = typeof URL;
        const after = Object.getOwnPropertyDescriptor(globalThis, 'URL');
        return {
          accessorBefore: typeof before.get,
          first,
          after: [typeof after.value, after.writable, after.enumerable, after.configurable],
          // The other lazy names were defined by the same load.
          fetch: typeof Object.getOwnPropertyDescriptor(globalThis, 'fetch').value,
          keys: Object.keys(globalThis),
          install: typeof globalThis.__toolplane_install,
        };`),
    ).toEqual({
      accessorBefore: 'function',
      first: 'function',
      after: ['function', true, false, true],
      fetch: 'function',
      keys: [],
      install: 'undefined',
    });
  });

  it('keeps what the script assigned or deleted before the first use', async () => {
    expect(
      await evaluate(`
        globalThis.URL = 'mine';
        delete globalThis.atob;
        const encoded = btoa('hi');
        return [URL, typeof globalThis.atob, encoded, new URLSearchParams('a=1').get('a')];`),
    ).toEqual(['mine', 'undefined', 'aGk=', '1']);
  });

  it('TextEncoder and TextDecoder round-trip UTF-8, surrogates and BOMs as the standard says', async () => {
    expect(
      await evaluate(`
        const enc = new TextEncoder();
        const dec = new TextDecoder();
        const text = 'aé€😀';
        const bytes = enc.encode(text);
        return {
          bytes: [...bytes],
          back: dec.decode(bytes),
          lone: [...enc.encode('\\ud800x')],
          invalid: dec.decode(new Uint8Array([0x61, 0xff, 0xe2, 0x82, 0x62, 0xf0, 0x9f, 0x98])),
          bom: dec.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69])),
          keepBom: new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x68])).length,
          view: dec.decode(new DataView(bytes.buffer, 1, 2)),
          fatal: (() => { try { new TextDecoder('utf8', { fatal: true }).decode(new Uint8Array([0xc0])); return 'no'; } catch (e) { return e.name; } })(),
          latin1: (() => { try { new TextDecoder('latin1'); return 'no'; } catch (e) { return e.name; } })(),
          into: enc.encodeInto('héllo', new Uint8Array(4)),
          encoding: [enc.encoding, dec.encoding, String(enc), String(dec)],
        };`),
    ).toEqual({
      bytes: [0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80],
      back: 'aé€😀',
      lone: [0xef, 0xbf, 0xbd, 0x78],
      invalid: 'a\ufffd\ufffdb\ufffd',
      bom: 'hi',
      keepBom: 2,
      view: 'é',
      fatal: 'TypeError',
      latin1: 'RangeError',
      into: { read: 3, written: 4 },
      encoding: ['utf-8', 'utf-8', '[object TextEncoder]', '[object TextDecoder]'],
    });
  });

  it('atob and btoa follow the forgiving base64 rules', async () => {
    expect(
      await evaluate(`
        const fail = (fn) => { try { fn(); return 'no'; } catch (e) { return e.name; } };
        return [btoa(''), btoa('f'), btoa('fo'), btoa('foo'), btoa('\\xff\\xfe'), atob('Zm9v'), atob(' Zm 9v\\n'),
                atob('Zg'), atob('Zg=='), fail(() => btoa('€')), fail(() => atob('Z')), fail(() => atob('Zm9v!'))];`),
    ).toEqual([
      '',
      'Zg==',
      'Zm8=',
      'Zm9v',
      '//4=',
      'foo',
      'foo',
      'f',
      'f',
      'InvalidCharacterError',
      'InvalidCharacterError',
      'InvalidCharacterError',
    ]);
  });

  it('URL and URLSearchParams parse and serialise like the WHATWG standard', async () => {
    expect(
      await evaluate(`
        const u = new URL('../b?x=1&y=a+b#frag', 'https://user:pw@Example.COM:8443/a/c');
        u.searchParams.append('z', 'ä &=');
        const copy = new URL(u);
        copy.pathname = '/other';
        copy.port = '443';
        const p = new URLSearchParams({ b: '2', a: '1' });
        p.sort();
        return {
          href: u.href, origin: u.origin, host: u.host, hostname: u.hostname, port: u.port,
          pathname: u.pathname, search: u.search, hash: u.hash, user: u.username,
          y: u.searchParams.get('y'), all: [...u.searchParams.keys()],
          copy: copy.href, json: JSON.stringify({ u: new URL('http://a.b') }),
          canParse: [URL.canParse('nope'), URL.canParse('/x', 'http://h')],
          invalid: (() => { try { new URL('nope'); return 'no'; } catch (e) { return e.name; } })(),
          sorted: p.toString(), fromPairs: new URLSearchParams([['k', 'v w']]).toString(),
          idn: new URL('http://bücher.example/').hostname,
        };`),
    ).toEqual({
      href: 'https://user:pw@example.com:8443/b?x=1&y=a+b&z=%C3%A4+%26%3D#frag',
      origin: 'https://example.com:8443',
      host: 'example.com:8443',
      hostname: 'example.com',
      port: '8443',
      pathname: '/b',
      search: '?x=1&y=a+b&z=%C3%A4+%26%3D',
      hash: '#frag',
      user: 'user',
      y: 'a b',
      all: ['x', 'y', 'z'],
      copy: 'https://user:pw@example.com/other?x=1&y=a+b&z=%C3%A4+%26%3D#frag',
      json: '{"u":"http://a.b/"}',
      canParse: [false, true],
      invalid: 'TypeError',
      sorted: 'a=1&b=2',
      fromPairs: 'k=v+w',
      idn: 'xn--bcher-kva.example',
    });
  });

  it('structuredClone copies deeply, keeps cycles and refuses functions', async () => {
    expect(
      await evaluate(`
        const shared = { n: 1 };
        const src = { a: [1, shared, shared], d: new Date(5), r: /x/gi, m: new Map([[1, shared]]), s: new Set([2]),
                      bytes: new Uint16Array([1, 2]), e: new TypeError('boom') };
        src.self = src;
        const c = structuredClone(src);
        const fail = (v) => { try { structuredClone(v); return 'no'; } catch (e) { return e.name + ': ' + e.message; } };
        return {
          distinct: c !== src && c.a !== src.a && c.a[1] !== shared,
          shared: c.a[1] === c.a[2] && c.m.get(1) === c.a[1],
          cycle: c.self === c,
          date: c.d instanceof Date && c.d.getTime(),
          regexp: String(c.r),
          set: [...c.s],
          bytes: c.bytes instanceof Uint16Array && [...c.bytes],
          error: c.e instanceof TypeError && c.e.message,
          fn: fail({ f() {} }),
          sym: fail(Symbol('s')),
          promise: fail(Promise.resolve()),
        };`),
    ).toEqual({
      distinct: true,
      shared: true,
      cycle: true,
      date: 5,
      regexp: '/x/gi',
      set: [2],
      bytes: [1, 2],
      error: 'boom',
      fn: 'DataCloneError: function f could not be cloned.',
      sym: 'DataCloneError: Symbol(s) could not be cloned.',
      promise: 'DataCloneError: Promise object could not be cloned.',
    });
  });

  it('crypto.randomUUID and getRandomValues come from the host CSPRNG', async () => {
    const value = (await evaluate(`
      const ids = new Set(Array.from({ length: 50 }, () => crypto.randomUUID()));
      const bytes = crypto.getRandomValues(new Uint8Array(32));
      return { ids: [...ids], distinct: ids.size, nonZero: bytes.some((b) => b !== 0),
               tooBig: (() => { try { crypto.getRandomValues(new Uint8Array(70000)); return 'no'; } catch (e) { return e.name; } })() };`)) as {
      ids: string[];
      distinct: number;
      nonZero: boolean;
      tooBig: string;
    };
    expect(value.distinct).toBe(50);
    expect(value.ids[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(value.nonZero).toBe(true);
    expect(value.tooBig).toBe('QuotaExceededError');
  });

  it('setTimeout and clearTimeout work within the call', async () => {
    expect(
      await evaluate(`
        const order = [];
        const cancelled = setTimeout(() => order.push('cancelled'), 5);
        clearTimeout(cancelled);
        setTimeout((a, b) => order.push(a + b), 20, 'x', 'y');
        await new Promise((resolve) => setTimeout(resolve, 40));
        queueMicrotask(() => order.push('micro'));
        await null;
        return order;`),
    ).toEqual(['xy', 'micro']);
  });

  it('timers end with the call: a pending timer never fires into a later call', async () => {
    const leaky = await sandbox.run({
      workspaceId: 'ws_timers',
      source:
        'export default () => { setTimeout(() => { globalThis.late = true; console.log("late"); while (true) {} }, 30); return "returned"; }',
      payload: {},
    });
    expect(leaky).toMatchObject({ ok: true, value: 'returned', console: [] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sandbox.stats().counters.failures.cpu ?? 0).toBe(0);
    const next = await sandbox.run({
      workspaceId: 'ws_timers',
      source: 'export default () => globalThis.late ?? false',
      payload: {},
    });
    expect(next).toMatchObject({ ok: true, value: false });
  });

  it('a timer set past the deadline just never fires; the call ends at its time limit', async () => {
    const result = await sandbox.run({
      workspaceId: 'ws_timers',
      source: 'export default () => new Promise((resolve) => setTimeout(resolve, 60_000))',
      payload: {},
      limits: { wallMs: 200 },
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'wall', message: 'script exceeded 200 ms time limit' },
    });
  });

  it('console formats values like a terse util.inspect', async () => {
    const result = await sandbox.run({
      workspaceId: 'ws_globals',
      source: `export default () => {
        const cyclic = { name: 'c' }; cyclic.self = cyclic;
        class Point { constructor() { this.x = 1; } }
        console.log('str', 1, true, null, undefined, 10n, Symbol('s'), [1, 'a'], { 'a-b': { c: { d: { e: 1 } } } });
        console.log(cyclic, new Point(), new Map([[1, 2]]), new Set(['x']), new Uint8Array(3), function named() {}, new Date(0));
        return 0;
      }`,
      payload: {},
    });
    expect(result.console.map((entry) => entry.message)).toEqual([
      'str 1 true null undefined 10n Symbol(s) [ 1, "a" ] { "a-b": { c: { d: [Object] } } }',
      '{ name: "c", self: [Circular] } Point { x: 1 } Map(1) { 1 => 2 } Set(1) { "x" } Uint8Array(3) [Function: named] 1970-01-01T00:00:00.000Z',
    ]);
  });
});
