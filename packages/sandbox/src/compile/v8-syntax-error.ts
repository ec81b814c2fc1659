import type { ScriptError } from '../sandbox-types';
import { WRAPPER_PREFIX } from './prepare-script';

const POSITION = /\s*\[[^\]]*:(\d+):(\d+)\]\s*$/;

/**
 * A SyntaxError from compiling in the isolate (which `@toolplane/scripts` did not catch), as the
 * author's position: isolated-vm appends `[file:line:column]`; line 1 starts with the wrapper.
 */
export function v8SyntaxError(error: unknown): ScriptError | null {
  if (!(error instanceof Error) || error.name !== 'SyntaxError') return null;
  const match = POSITION.exec(error.message);
  const message = `SyntaxError: ${error.message.replace(POSITION, '')}`;
  if (!match) return { kind: 'syntax', message };
  const line = Number(match[1]);
  let column = Number(match[2]);
  if (line === 1) column = Math.max(1, column - WRAPPER_PREFIX.length);
  return { kind: 'syntax', message, line, column };
}
