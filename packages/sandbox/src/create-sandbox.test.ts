import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import type { RunRequest } from './sandbox-types';

const internalErrors: unknown[] = [];
const sandbox = createSandbox({ onInternalError: (error) => internalErrors.push(error) });
afterAll(() => sandbox.dispose());

const run = (source: string, extra: Partial<RunRequest> = {}) =>
  sandbox.run({ workspaceId: 'ws_basics', source, payload: { inputs: {}, tool: 't' }, ...extra });

describe('createSandbox: running scripts', () => {
  it('calls the default export with the payload and the context', async () => {
    const result = await sandbox.run({
      workspaceId: 'ws_basics',
      source: `
        type Payload = { inputs: { id: number }; tool: string };
        type Ctx = { env: Record<string, string>; workspace: string; requestId: string; deadline: number };
        export default async function handler({ inputs, tool }: Payload, ctx: Ctx) {
          await null;
          return { id: inputs.id, tool, key: ctx.env.API_KEY, workspace: ctx.workspace,
                   requestId: ctx.requestId, deadlineAhead: ctx.deadline > Date.now() };
        }`,
      payload: { inputs: { id: 42 }, tool: 'get-user' },
      context: { env: { API_KEY: 'k1' }, workspace: 'ws_basics', requestId: 'req_1' },
    });
    expect(result).toMatchObject({
      ok: true,
      value: {
        id: 42,
        tool: 'get-user',
        key: 'k1',
        workspace: 'ws_basics',
        requestId: 'req_1',
        deadlineAhead: true,
      },
    });
    expect(result.cpuMs).toBeGreaterThan(0);
    expect(result.wallMs).toBeGreaterThan(0);
  });

  it('calls a named export chosen with path#name', async () => {
    const source =
      'export const getUser = (p: { inputs: { n: number } }) => p.inputs.n * 2;\nexport default () => "default";';
    expect(
      await run(source, { exportName: 'getUser', payload: { inputs: { n: 4 } } }),
    ).toMatchObject({ ok: true, value: 8 });
    expect(await run(source)).toMatchObject({ ok: true, value: 'default' });
  });

  it('accepts precompiled code from @toolplane/scripts', async () => {
    const { compileScript } = await import('@toolplane/scripts');
    const compiled = compileScript(
      'export default (p: { inputs: { a: number } }) => p.inputs.a + 1;',
    );
    if (!compiled.ok) throw new Error('compile failed');
    expect(
      await run('', { source: undefined, compiled, payload: { inputs: { a: 1 } } }),
    ).toMatchObject({ ok: true, value: 2 });
  });

  it('supports top-level await and module state that is fresh on every call', async () => {
    const source =
      'let calls = 0;\nconst base = await Promise.resolve(10);\nexport default () => { calls++; globalThis.leak = (globalThis.leak ?? 0) + 1; return base + calls + globalThis.leak; }';
    for (let i = 0; i < 3; i++) expect(await run(source)).toMatchObject({ ok: true, value: 12 });
  });

  it('reports syntax errors with line and column', async () => {
    const result = await run('export default () => {\n  const x = ;\n}');
    expect(result).toMatchObject({ ok: false, error: { kind: 'syntax', line: 2, column: 13 } });
    expect(result.ok || result.error.message).toMatch(/^SyntaxError: /);
  });

  it('reports a missing or non-function export', async () => {
    expect(await run('export const a = 1;')).toMatchObject({
      ok: false,
      error: { kind: 'export', message: 'the script has no default export function' },
    });
    expect(await run('export const a = 1;', { exportName: 'a' })).toMatchObject({
      ok: false,
      error: { kind: 'export', message: 'the script has no exported function named "a"' },
    });
    expect(await run('export default 1;', { exportName: 'no-such' })).toMatchObject({
      ok: false,
      error: { kind: 'export' },
    });
  });

  it.each([
    ['an Error', 'throw new Error("user not found")', 'user not found'],
    ['a TypeError', 'null.x', "TypeError: Cannot read properties of null (reading 'x')"],
    ['a string', 'throw "plain string"', 'plain string'],
    ['a number', 'throw 42', '42'],
    ['an object', 'throw { code: 7 }', '{"code":7}'],
    ['undefined', 'throw undefined', 'script threw undefined'],
    ['a rejected promise', 'return Promise.reject(new RangeError("late"))', 'RangeError: late'],
    [
      'an error with a hostile message getter',
      'throw { get message() { throw 1 } }',
      'script threw a value that could not be described',
    ],
  ])('returns the message of %s, never a stack', async (_name, body, message) => {
    const result = await run(`export default async () => { ${body} }`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'thrown', message } });
    expect(JSON.stringify(result)).not.toMatch(/ at |\/work\/|node_modules|isolated-vm/);
  });

  it.each([
    ['a function', '() => 1', 'the result contains a function at $'],
    ['a nested function', '({ a: [1, { f() {} }] })', 'the result contains a function at $.a[1].f'],
    ['a symbol', '({ s: Symbol("x") })', 'the result contains a symbol at $.s'],
    ['a BigInt', '({ n: 1n })', 'the result contains a BigInt at $.n'],
    [
      'a cycle',
      '(() => { const a = { b: {} }; a.b.a = a; return a; })()',
      'the result contains a cycle at $.b.a',
    ],
    ['a Map', 'new Map()', 'the result contains a Map at $ (convert it to an object or array)'],
    [
      'binary data',
      'new Uint8Array(2)',
      'the result contains binary data at $ (encode it, e.g. as base64)',
    ],
  ])('refuses a result with %s', async (_name, expression, message) => {
    expect(await run(`export default () => ${expression};`)).toMatchObject({
      ok: false,
      error: { kind: 'result', message },
    });
  });

  it('refuses an oversized result and accepts JSON values', async () => {
    expect(await run('export default () => "x".repeat(2 * 1024 * 1024);')).toMatchObject({
      ok: false,
      error: { kind: 'result', message: 'the result is larger than 1048576 bytes' },
    });
    expect(
      await run('export default () => "x".repeat(100);', { limits: { maxResultBytes: 50 } }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'result', message: 'the result is larger than 50 bytes' },
    });
    expect(
      await run(
        'export default () => ({ d: new Date(0), u: undefined, n: NaN, a: [undefined], nested: { ok: true } });',
      ),
    ).toMatchObject({
      ok: true,
      value: { d: '1970-01-01T00:00:00.000Z', n: null, a: [null], nested: { ok: true } },
    });
    expect(await run('export default () => {};')).toMatchObject({ ok: true, value: null });
  });

  it('captures console output by level', async () => {
    const result = await run(
      'export default () => { console.log("a", 1, { b: [2] }); console.warn("w"); console.error(new TypeError("t")); console.info("i"); console.debug("d"); return 0; }',
    );
    expect(result.console.map((entry) => [entry.level, entry.message.split('\n')[0]])).toEqual([
      ['log', 'a 1 { b: [ 2 ] }'],
      ['warn', 'w'],
      ['error', 'TypeError: t'],
      ['info', 'i'],
      ['debug', 'd'],
    ]);
  });

  it('keeps the console output of a call that fails', async () => {
    const result = await run(
      'export default () => { console.log("before"); throw new Error("after"); }',
    );
    expect(result).toMatchObject({ ok: false, console: [{ level: 'log', message: 'before' }] });
  });

  it('reports no internal errors for all of the above', () => {
    expect(internalErrors).toEqual([]);
  });
});
