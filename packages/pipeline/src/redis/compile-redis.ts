import type { Diagnostic, DiagnosticCode } from '../compile/diagnostic';
import type { InputSpec } from '../inputs/input-spec';
import type { ParamSpec } from '../params/param-spec';
import { findPlaceholders } from '../template/find-placeholders';
import { sourcePosition } from '../template/source-position';
import type { ValueRef } from '../template/value-ref';

/** A Redis command line split into argv; each placeholder fills exactly one argument. */
export interface CompiledRedis {
  readonly dialect: 'redis';
  readonly command: string;
  /** Fixed arguments are strings; the others are built per call (see bindArgs). */
  readonly args: readonly (string | ParamSpec)[];
}

export interface CompileRedisResult {
  compiled: CompiledRedis | undefined;
  diagnostics: Diagnostic[];
  refs: ValueRef[];
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v';
}

/**
 * Splits a Redis command line on whitespace, as Hyperterse does, but before substitution: a
 * placeholder is one argument whatever its value holds (spaces included), and a token with a
 * placeholder inside (`user:{{ inputs.id }}`) is one argument with the value in place.
 */
export function compileRedis(
  statement: string,
  options: { inputs: ReadonlyMap<string, InputSpec> },
): CompileRedisResult {
  const diagnostics: Diagnostic[] = [];
  const refs: ValueRef[] = [];
  const report = (code: DiagnosticCode, message: string, offset: number, length: number) => {
    diagnostics.push({
      severity: 'error',
      code,
      message,
      path: ['statement'],
      offset,
      length,
      ...sourcePosition(statement, offset),
    });
  };

  const placeholders = findPlaceholders(statement);
  const tokens: { start: number; parts: (string | ValueRef)[] }[] = [];
  let current: { start: number; parts: (string | ValueRef)[] } | undefined;
  let next = 0;
  let i = 0;
  while (i < statement.length) {
    const placeholder = placeholders[next];
    if (placeholder !== undefined && placeholder.start === i) {
      next++;
      current ??= { start: i, parts: [] };
      if (current.parts.length === 0) tokens.push(current);
      const text = statement.slice(placeholder.start, placeholder.end);
      if (placeholder.ref === undefined) {
        report(
          'PLACEHOLDER_MALFORMED',
          placeholder.problem ?? 'malformed placeholder',
          i,
          text.length,
        );
      } else {
        refs.push(placeholder.ref);
        if (placeholder.ref.scope === 'inputs' && !options.inputs.has(placeholder.ref.name)) {
          report(
            'INPUT_UNDECLARED',
            `input '${placeholder.ref.name}' is not declared`,
            i,
            text.length,
          );
        }
        current.parts.push(placeholder.ref);
      }
      i = placeholder.end;
      continue;
    }
    const ch = statement[i]!;
    if (isSpace(ch)) {
      current = undefined;
    } else {
      current ??= { start: i, parts: [] };
      if (current.parts.length === 0) tokens.push(current);
      const last = current.parts[current.parts.length - 1];
      if (typeof last === 'string') current.parts[current.parts.length - 1] = last + ch;
      else current.parts.push(ch);
    }
    i++;
  }

  const [first, ...rest] = tokens;
  if (first === undefined) {
    diagnostics.push({
      severity: 'error',
      code: 'STATEMENT_EMPTY',
      message: 'the statement is empty',
      path: ['statement'],
    });
  } else if (first.parts.some((part) => typeof part !== 'string')) {
    report(
      'PLACEHOLDER_POSITION',
      'the command name cannot be a placeholder',
      first.start,
      statement.slice(first.start).search(/\s|$/),
    );
  }
  if (diagnostics.length > 0 || first === undefined)
    return { compiled: undefined, diagnostics, refs };
  const args = rest.map((token): string | ParamSpec => {
    const [only] = token.parts;
    if (token.parts.length === 1 && typeof only === 'string') return only;
    if (token.parts.length === 1 && only !== undefined && typeof only !== 'string') {
      return { kind: 'value', ref: only };
    }
    return { kind: 'text', parts: token.parts };
  });
  return {
    compiled: { dialect: 'redis', command: (first.parts[0] as string).toUpperCase(), args },
    diagnostics,
    refs,
  };
}
