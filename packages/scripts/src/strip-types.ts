import { parse } from 'acorn';
import { transform } from 'sucrase';
import { diagnosticFromParserError, type ScriptDiagnostic } from './script-diagnostic';

export type StripTypesResult = { ok: true; code: string } | { ok: false; error: ScriptDiagnostic };

function errorPos(error: unknown): number {
  const pos = (error as { pos?: unknown } | null)?.pos;
  return typeof pos === 'number' ? pos : -1;
}

/**
 * Sucrase parses only as much as it needs and sometimes stops before the real error (an
 * unterminated string is reported at the token before it). When a full JavaScript parse of the
 * original gets at least as far without tripping over TypeScript syntax, its error is the one
 * the author needs.
 */
function betterDiagnostic(source: string, sucraseError: unknown): ScriptDiagnostic | null {
  try {
    parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch (acornError) {
    if (errorPos(acornError) >= errorPos(sucraseError)) {
      return diagnosticFromParserError(acornError, source);
    }
  }
  return diagnosticFromParserError(sucraseError, source);
}

/**
 * Removes TypeScript syntax and leaves an ES module. Sucrase keeps every statement on its line, so
 * later errors point at the author's lines. `disableESTransforms` keeps modern syntax as written:
 * the isolate's V8 runs it natively.
 */
export function stripTypes(source: string): StripTypesResult {
  try {
    const { code } = transform(source, {
      transforms: ['typescript'],
      disableESTransforms: true,
      keepUnusedImports: false,
    });
    return { ok: true, code };
  } catch (error) {
    const diagnostic = betterDiagnostic(source, error);
    if (diagnostic) return { ok: false, error: diagnostic };
    throw error;
  }
}
