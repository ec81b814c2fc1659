import { parse } from 'acorn';
import { transform } from 'sucrase';

interface Position {
  line: number;
  column: number;
}

/**
 * Calls of `fetch(…)` whose result is used without `await`. Hyperterse's `fetch` is synchronous;
 * Toolplane's is the standard one, returning a promise, so each such call needs an `await` (and
 * its function `async`). Unparseable scripts return nothing here: the script check reports them.
 */
export function findSyncFetch(source: string): Position[] {
  let code: string;
  try {
    code = transform(source, { transforms: ['typescript'], disableESTransforms: true }).code;
  } catch {
    return [];
  }
  let program: unknown;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  } catch {
    return [];
  }
  const found: Position[] = [];
  const visit = (node: unknown, parent: { type?: string } | undefined) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    const n = node as Record<string, unknown> & { type?: string };
    if (typeof n.type !== 'string') return;
    if (n.type === 'CallExpression' && isFetch(n.callee) && parent?.type !== 'AwaitExpression') {
      const start = (n.loc as { start: { line: number; column: number } }).start;
      found.push({ line: start.line, column: start.column + 1 });
    }
    for (const [key, value] of Object.entries(n)) {
      if (key !== 'loc' && key !== 'type') visit(value, n);
    }
  };
  visit(program, undefined);
  return found;
}

function isFetch(callee: unknown): boolean {
  const c = callee as {
    type?: string;
    name?: string;
    object?: { name?: string };
    property?: { name?: string };
  };
  if (c?.type === 'Identifier') return c.name === 'fetch';
  return (
    c?.type === 'MemberExpression' &&
    (c.object?.name === 'globalThis' || c.object?.name === 'window') &&
    c.property?.name === 'fetch'
  );
}
