import { compileStatement, type InputSpec } from '@toolplane/pipeline/compile';
import type { ToolInputDraft } from '@toolplane/services/tool-draft';

/**
 * A legacy statement (Hyperterse < v1.3: bare string placeholders were quoted by the server)
 * rewritten for today's rule: each bare string placeholder wrapped in quotes. Same meaning — a
 * quoted literal made of one placeholder binds the same text, or NULL when absent. The
 * positions come from the pipeline's own refusal of bare strings, so nothing is guessed. `null`
 * when the result would still not compile.
 */
export function quoteLegacyPlaceholders(
  statement: string,
  connectorType: 'postgres' | 'mysql',
  inputs: readonly ToolInputDraft[],
): string | null {
  const specs = new Map<string, InputSpec>(
    inputs.map((input) => [
      input.name,
      {
        name: input.name,
        type: input.type,
        optional: input.optional ?? false,
        description: input.description,
        default: input.default,
      },
    ]),
  );
  const strict = compileStatement(statement, { connectorType, inputs: specs });
  const bare = strict.diagnostics
    .filter((d) => d.code === 'BARE_STRING_PLACEHOLDER' && d.offset !== undefined)
    .sort((a, b) => b.offset! - a.offset!);
  let quoted = statement;
  for (const d of bare) {
    const end = d.offset! + d.length!;
    quoted = `${quoted.slice(0, d.offset)}'${quoted.slice(d.offset, end)}'${quoted.slice(end)}`;
  }
  const check = compileStatement(quoted, { connectorType, inputs: specs });
  return check.diagnostics.some((d) => d.severity === 'error') ? null : quoted;
}
