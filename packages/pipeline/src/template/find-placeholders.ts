import type { ValueRef } from './value-ref';

export interface FoundPlaceholder {
  /** Offsets of `{{` and just after `}}` (or the end of the attempt when malformed). */
  start: number;
  end: number;
  ref: ValueRef | undefined;
  /** Set when the text looks like a placeholder but is not a valid one. */
  problem: string | undefined;
}

const INPUT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ENV_NAME = /^[A-Za-z0-9_]+$/;
const ATTEMPT = /\{\{[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*(?:\.|\}\}|$|\r?\n)/y;
const WHOLE = /\{\{([^{}]*)\}\}/y;

function parseContent(content: string): { ref?: ValueRef; problem?: string } {
  const trimmed = content.trim();
  const dot = trimmed.indexOf('.');
  const scope = dot === -1 ? trimmed : trimmed.slice(0, dot);
  const name = dot === -1 ? '' : trimmed.slice(dot + 1);
  if (scope !== 'inputs' && scope !== 'env') {
    return {
      problem: `malformed placeholder {{ ${trimmed} }}: use {{ inputs.<name> }} or {{ env.<NAME> }}`,
    };
  }
  const valid = scope === 'inputs' ? INPUT_NAME : ENV_NAME;
  if (!valid.test(name)) {
    return { problem: `malformed placeholder {{ ${trimmed} }}: '${name}' is not a valid name` };
  }
  return { ref: { scope, name } };
}

/**
 * Finds `{{ inputs.x }}` and `{{ env.X }}` placeholders in a text. A `{{` followed by a word and
 * then `.` or `}}` is a placeholder attempt and must be valid (`{{ input.x }}` and `{{ inputs. }}`
 * are reported); other `{{` — a Postgres array literal `'{{1,2},{3,4}}'`, JSON — are plain text.
 */
export function findPlaceholders(text: string, from = 0, to = text.length): FoundPlaceholder[] {
  const found: FoundPlaceholder[] = [];
  let at = text.indexOf('{{', from);
  while (at !== -1 && at < to) {
    ATTEMPT.lastIndex = at;
    if (!ATTEMPT.test(text)) {
      at = text.indexOf('{{', at + 1);
      continue;
    }
    WHOLE.lastIndex = at;
    const whole = WHOLE.exec(text);
    if (whole === null || at + whole[0].length > to) {
      const lineEnd = text.indexOf('\n', at);
      const end = Math.min(to, lineEnd === -1 ? text.length : lineEnd);
      found.push({ start: at, end, ref: undefined, problem: 'unclosed placeholder: missing }}' });
      at = text.indexOf('{{', end);
      continue;
    }
    const end = at + whole[0].length;
    const parsed = parseContent(whole[1]!);
    found.push({ start: at, end, ref: parsed.ref, problem: parsed.problem });
    at = text.indexOf('{{', end);
  }
  return found;
}
