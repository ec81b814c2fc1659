import type { BindValues } from '../params/bind-params';
import type { ParamSpec } from '../params/param-spec';

/**
 * Builds a Redis argv for one call: fixed arguments as written, each placeholder argument as
 * its value rendered with String() (an absent optional input is an empty argument).
 */
export function bindArgs(args: readonly (string | ParamSpec)[], values: BindValues): string[] {
  const argv: string[] = new Array(args.length);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (typeof arg === 'string') {
      argv[i] = arg;
      continue;
    }
    const parts = arg.kind === 'value' ? [arg.ref] : arg.parts;
    let text = '';
    for (const part of parts) {
      if (typeof part === 'string') text += part;
      else {
        const value = part.scope === 'inputs' ? values.inputs[part.name] : values.env[part.name];
        if (value !== undefined) text += String(value);
      }
    }
    argv[i] = text;
  }
  return argv;
}
