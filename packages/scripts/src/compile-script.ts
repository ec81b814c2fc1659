import { findExports } from './find-exports';
import type { ScriptDiagnostic } from './script-diagnostic';
import { stripTypes } from './strip-types';
import { toScriptBody } from './to-script-body';

export type ScriptLanguage = 'typescript' | 'javascript';

export type CompileScriptOptions = {
  /** Used to infer the language: `.js`, `.mjs` and `.cjs` are JavaScript, anything else TypeScript. */
  filename?: string;
  language?: ScriptLanguage;
  /** When set, a script without this export is an error. */
  exportName?: string;
};

/** A checked script, ready for the sandbox: `code` is a function body over `exports`. */
export type CompiledScript = { code: string; exports: string[]; language: ScriptLanguage };

export type CompileScriptResult =
  | ({ ok: true } & CompiledScript)
  | { ok: false; error: ScriptDiagnostic };

export function languageOf(filename: string | undefined): ScriptLanguage {
  return filename && /\.[cm]?js$/i.test(filename) ? 'javascript' : 'typescript';
}

/**
 * Checks and compiles a single-file ES module (JavaScript, or TypeScript with its types
 * stripped). Used by the dashboard on save and by the runtime before a script's first run; pure,
 * so it runs in a browser too.
 */
export function compileScript(
  source: string,
  options: CompileScriptOptions = {},
): CompileScriptResult {
  const language = options.language ?? languageOf(options.filename);
  let moduleCode = source;
  if (language === 'typescript') {
    const stripped = stripTypes(source);
    if (!stripped.ok) return stripped;
    moduleCode = stripped.code;
  }

  const found = findExports(moduleCode);
  if (!found.ok) return found;
  const { exportName } = options;
  if (exportName !== undefined && !found.exports.includes(exportName)) {
    const message =
      exportName === 'default'
        ? 'the script has no default export'
        : `the script has no export named '${exportName}'`;
    return { ok: false, error: { message } };
  }
  return { ok: true, code: toScriptBody(moduleCode), exports: found.exports, language };
}
