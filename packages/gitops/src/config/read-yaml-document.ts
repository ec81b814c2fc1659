import { isNode, LineCounter, parseDocument } from 'yaml';
import type { ConfigProblem } from './workspace-config';

export interface YamlDocument {
  value: unknown;
  /** The 1-based line of the node at `path`, for problems found after parsing. */
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

/**
 * Parses one YAML document with the `yaml` package's safe defaults: the core schema (no custom
 * tags, no code), duplicate keys refused, alias expansion capped (billion-laughs). Problems carry
 * the file and line.
 */
export function readYamlDocument(
  file: string,
  text: string,
): { ok: true; doc: YamlDocument } | { ok: false; problems: ConfigProblem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => ({
        file,
        field: 'yaml',
        message: error.message.split('\n')[0] ?? 'invalid YAML',
        ...(error.linePos?.[0] ? { line: error.linePos[0].line } : {}),
      })),
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return {
      ok: false,
      problems: [
        { file, field: 'yaml', message: error instanceof Error ? error.message : 'invalid YAML' },
      ],
    };
  }
  return {
    ok: true,
    doc: {
      value,
      lineOf(path) {
        const node = doc.getIn(path as unknown[], true);
        if (!isNode(node) || !node.range) return undefined;
        return lineCounter.linePos(node.range[0]).line;
      },
    },
  };
}
