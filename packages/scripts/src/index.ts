export {
  type CompiledScript,
  type CompileScriptOptions,
  type CompileScriptResult,
  compileScript,
  languageOf,
  type ScriptLanguage,
} from './compile-script';
export { parseScriptRef, type ScriptRef } from './parse-script-ref';
export type { ScriptDiagnostic } from './script-diagnostic';
