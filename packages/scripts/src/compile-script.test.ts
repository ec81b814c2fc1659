import { describe, expect, it } from 'vitest';
import { compileScript, languageOf } from './compile-script';

describe('compileScript', () => {
  it('strips types and lists the exports of a TypeScript module', () => {
    const result = compileScript(
      [
        "import type { Payload } from './types';",
        'interface Ctx { env: Record<string, string> }',
        'export const limit: number = 10, offset = 0;',
        'export async function lookup(p: Payload, ctx: Ctx): Promise<unknown> {',
        '  return { inputs: p.inputs, limit: limit as number };',
        '}',
        'function local() { return 1 }',
        'export { local as renamed };',
        'export class Helper {}',
        'export enum Color { Red, Green }',
        'export const { a, b: [c], ...rest } = { a: 1, b: [2] };',
        'export default async function handler(p: Payload) { return p }',
      ].join('\n'),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.exports).toEqual([
      'limit',
      'offset',
      'lookup',
      'renamed',
      'Helper',
      'Color',
      'a',
      'c',
      'rest',
      'default',
    ]);
    expect(result.language).toBe('typescript');
    expect(result.code).not.toMatch(/\binterface\b|: number|Promise<unknown>/);
    expect(result.code).toContain('exports.default =');
    expect(result.code).not.toContain('require(');
  });

  it('keeps every statement on its original line', () => {
    const result = compileScript(
      'type A = string;\n\nexport default (a: A) => {\n  return a;\n};\n',
    );
    expect(result.ok && result.code.split('\n')[3]).toContain('return a;');
  });

  it('produces a body that runs with an `exports` object, top-level await included', async () => {
    const result = compileScript(
      'const base: number = await Promise.resolve(40);\nexport default (n: number) => base + n;\nexport const named = () => "x";',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const exports: Record<string, unknown> = {};
    const body = new Function('exports', `return (async () => {${result.code}\n})();`);
    await body(exports);
    expect((exports.default as (n: number) => number)(2)).toBe(42);
    expect((exports.named as () => string)()).toBe('x');
  });

  it.each([
    [
      'a TypeScript syntax error',
      'let a = 1;\n  let b: = 2;',
      'SyntaxError: Unexpected token',
      2,
      10,
    ],
    [
      'a JavaScript syntax error',
      'export default function () {\n  return foo(;\n}',
      'SyntaxError: Unexpected token',
      2,
      14,
    ],
    [
      'a redeclaration',
      'let x = 1;\nlet x = 2;',
      "SyntaxError: Identifier 'x' has already been declared",
      2,
      5,
    ],
    [
      'await in a plain function',
      'export default function () {\n  await 1;\n}',
      'SyntaxError',
      2,
      3,
    ],
    [
      'an unterminated string',
      "export default () => 'abc\n",
      'SyntaxError: Unterminated string constant',
      1,
      22,
    ],
    [
      'an import',
      "const a = 1;\nimport fs from 'node:fs';\nexport default () => fs;",
      'imports are not supported: a script is a single file',
      2,
      1,
    ],
    [
      'a side-effect import',
      "import 'x';",
      'imports are not supported: a script is a single file',
      1,
      1,
    ],
    [
      'a re-export',
      "export * from 'x';",
      're-exports are not supported: a script is a single file',
      1,
      1,
    ],
    [
      'a named re-export',
      "export { a } from 'x';",
      're-exports are not supported: a script is a single file',
      1,
      1,
    ],
    [
      'dynamic import',
      "export default async () => {\n  return await import('node:fs');\n}",
      'import() is not available in scripts',
      2,
      16,
    ],
    [
      'import.meta',
      'export default () => import.meta.url;',
      'import.meta is not available in scripts',
      1,
      22,
    ],
    [
      'a string export name',
      'const q = 1; export { q as "a b" };',
      'export names must be identifiers',
      1,
      28,
    ],
  ])('reports %s with its position', (_name, source, message, line, column) => {
    const result = compileScript(source);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain(message);
    expect(result.error.message).not.toMatch(/\(\d+:\d+\)/);
    expect({ line: result.error.line, column: result.error.column }).toEqual({ line, column });
  });

  it('type-only imports are fine: they disappear with the types', () => {
    const result = compileScript(
      "import { type A } from './a';\nimport { B } from './b';\nexport default (x: A): B => x as B;",
    );
    expect(result).toMatchObject({ ok: true, exports: ['default'] });
  });

  it('compiles JavaScript without the TypeScript pass', () => {
    expect(languageOf('handler.mjs')).toBe('javascript');
    expect(languageOf('handler.ts')).toBe('typescript');
    expect(languageOf(undefined)).toBe('typescript');
    const result = compileScript('export default (a) => a < 1 > 0;', { filename: 'h.js' });
    expect(result).toMatchObject({ ok: true, language: 'javascript', exports: ['default'] });
    const typed = compileScript('export default (a: number) => a;', { language: 'javascript' });
    expect(typed).toMatchObject({ ok: false, error: { line: 1, column: 18 } });
  });

  it('checks the requested export', () => {
    const source = 'export const getUser = () => 1;';
    expect(compileScript(source, { exportName: 'getUser' }).ok).toBe(true);
    expect(compileScript(source, { exportName: 'nope' })).toEqual({
      ok: false,
      error: { message: "the script has no export named 'nope'" },
    });
    expect(compileScript(source, { exportName: 'default' })).toEqual({
      ok: false,
      error: { message: 'the script has no default export' },
    });
  });
});
