import { type Node, parse } from 'acorn';
import { diagnosticFromParserError, positionOf, type ScriptDiagnostic } from './script-diagnostic';

export type FindExportsResult =
  | { ok: true; exports: string[] }
  | { ok: false; error: ScriptDiagnostic };

type AnyNode = Node & Record<string, unknown>;

function bindingNames(pattern: AnyNode | null | undefined, into: string[]): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier':
      into.push(pattern.name as string);
      return;
    case 'ObjectPattern':
      for (const property of pattern.properties as AnyNode[]) {
        bindingNames(
          (property.type === 'RestElement' ? property.argument : property.value) as AnyNode,
          into,
        );
      }
      return;
    case 'ArrayPattern':
      for (const element of pattern.elements as (AnyNode | null)[]) bindingNames(element, into);
      return;
    case 'RestElement':
      bindingNames(pattern.argument as AnyNode, into);
      return;
    case 'AssignmentPattern':
      bindingNames(pattern.left as AnyNode, into);
      return;
  }
}

/** Depth-first search for the first node of one of `types`. */
function findNode(node: unknown, types: ReadonlySet<string>): AnyNode | null {
  if (!node || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findNode(child, types);
      if (found) return found;
    }
    return null;
  }
  const candidate = node as AnyNode;
  if (typeof candidate.type === 'string' && types.has(candidate.type)) return candidate;
  for (const key of Object.keys(candidate)) {
    if (key === 'loc') continue;
    const found = findNode(candidate[key], types);
    if (found) return found;
  }
  return null;
}

const MODULE_LOADING = new Set(['ImportExpression', 'MetaProperty']);

/**
 * Parses the type-stripped module with a complete ECMAScript parser (sucrase only parses as much
 * as it needs to strip types) and lists its exports. A script is one file with no imports:
 * `import`, `export … from`, `import()` and `import.meta` are errors here rather than failures at
 * run time.
 */
export function findExports(code: string): FindExportsResult {
  let program: AnyNode;
  try {
    program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as AnyNode;
  } catch (error) {
    const diagnostic = diagnosticFromParserError(error, code);
    if (diagnostic) return { ok: false, error: diagnostic };
    throw error;
  }

  const fail = (node: AnyNode, message: string): FindExportsResult => ({
    ok: false,
    error: { message, ...positionOf(code, node.start) },
  });

  const exports: string[] = [];
  for (const statement of program.body as AnyNode[]) {
    switch (statement.type) {
      case 'ImportDeclaration':
        return fail(statement, 'imports are not supported: a script is a single file');
      case 'ExportAllDeclaration':
        return fail(statement, 're-exports are not supported: a script is a single file');
      case 'ExportDefaultDeclaration':
        exports.push('default');
        break;
      case 'ExportNamedDeclaration': {
        if (statement.source) {
          return fail(statement, 're-exports are not supported: a script is a single file');
        }
        const declaration = statement.declaration as AnyNode | null;
        if (declaration?.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations as AnyNode[]) {
            bindingNames(declarator.id as AnyNode, exports);
          }
        } else if (declaration) {
          exports.push((declaration.id as AnyNode).name as string);
        }
        for (const specifier of statement.specifiers as AnyNode[]) {
          const exported = specifier.exported as AnyNode;
          if (exported.type !== 'Identifier') {
            return fail(exported, 'export names must be identifiers');
          }
          exports.push(exported.name as string);
        }
        break;
      }
    }
  }

  const loading = findNode(program.body, MODULE_LOADING);
  if (loading?.type === 'ImportExpression') {
    return fail(loading, 'import() is not available in scripts');
  }
  if (loading) return fail(loading, 'import.meta is not available in scripts');
  return { ok: true, exports };
}
