import { createHash } from 'node:crypto';
import {
  type CompileScriptResult,
  compileScript,
  languageOf,
  type ScriptLanguage,
} from '@toolplane/scripts';
import { MODULE_GLOBAL } from '../isolate-code/runner-source';
import { LruMap } from '../lru-map';
import type { ScriptError } from '../sandbox-types';

/**
 * The compiled body is wrapped on its first line, so V8's line numbers are the author's. The
 * async wrapper gives the body top-level `await` and a fresh `exports` object per call.
 */
export const WRAPPER_PREFIX = `globalThis.${MODULE_GLOBAL} = async function (exports) {`;
const WRAPPER_SUFFIX = '\n};';

export type PreparedScript = { hash: string; code: string; filename: string };

export type PrepareResult =
  | { ok: true; script: PreparedScript }
  | { ok: false; error: ScriptError };

/** Only a short, path-free name reaches V8 (it appears in stack traces inside the sandbox). */
export function safeFilename(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^\w.\-#]/g, '').slice(0, 100);
  return clean || 'script.js';
}

/**
 * Process-wide caches of the work done before a script reaches an isolate: the type-stripping
 * compile (keyed by source) and the wrapped code's SHA-256 (keyed by compiled code). Both are
 * pure functions of their key, so sharing them between workspaces shares no state.
 */
export class ScriptPreparer {
  private readonly compiled: LruMap<string, CompileScriptResult>;
  private readonly wrapped: LruMap<string, PreparedScript>;

  constructor(capacity = 1000) {
    this.compiled = new LruMap(capacity);
    this.wrapped = new LruMap(capacity);
  }

  get size(): number {
    return this.compiled.size;
  }

  prepare(request: {
    source?: string;
    compiled?: { code: string };
    filename?: string;
    language?: ScriptLanguage;
  }): PrepareResult {
    const filename = safeFilename(request.filename);
    let code: string;
    if (request.compiled && typeof request.compiled.code === 'string') {
      code = request.compiled.code;
    } else if (typeof request.source === 'string') {
      const language = request.language ?? languageOf(request.filename);
      const key = `${language}\0${request.source}`;
      let result = this.compiled.get(key);
      if (!result) {
        result = compileScript(request.source, { language });
        this.compiled.set(key, result);
      }
      if (!result.ok) return { ok: false, error: { kind: 'syntax', ...result.error } };
      code = result.code;
    } else {
      return { ok: false, error: { kind: 'internal', message: 'no script to run' } };
    }

    const key = `${filename}\0${code}`;
    let script = this.wrapped.get(key);
    if (!script) {
      const text = WRAPPER_PREFIX + code + WRAPPER_SUFFIX;
      const hash = createHash('sha256').update(filename).update('\0').update(text).digest('hex');
      script = { hash, code: text, filename };
      this.wrapped.set(key, script);
    }
    return { ok: true, script };
  }
}
