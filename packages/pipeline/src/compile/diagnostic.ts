export type DiagnosticCode =
  | 'DEFINITION_INVALID'
  | 'PLACEHOLDER_MALFORMED'
  | 'INPUT_UNDECLARED'
  | 'INPUT_UNUSED'
  | 'PLACEHOLDER_POSITION'
  | 'PLACEHOLDER_IN_COMMENT'
  | 'PLACEHOLDER_IN_IDENTIFIER'
  | 'PLACEHOLDER_IN_DOLLAR_QUOTE'
  | 'PLACEHOLDER_IN_PREFIXED_STRING'
  | 'BARE_STRING_PLACEHOLDER'
  | 'POSITIONAL_PARAMETER'
  | 'STATEMENT_UNTERMINATED'
  | 'STATEMENT_EMPTY'
  | 'STATEMENT_MULTIPLE'
  | 'SECRET_UNKNOWN'
  | 'CONNECTOR_UNSUPPORTED'
  | 'AUTH_PLUGIN_UNKNOWN'
  | 'AUTH_POLICY_INVALID';

/**
 * One problem found at definition time. Errors block saving; warnings (an unused input, a secret
 * the workspace does not have yet) do not. Positions are 1-based, in UTF-16 code units, within
 * the field named by `path` (usually `['statement']`).
 */
export interface Diagnostic {
  severity: 'error' | 'warning';
  code: DiagnosticCode;
  message: string;
  path: readonly (string | number)[];
  offset?: number;
  length?: number;
  line?: number;
  column?: number;
}

/** `statement 3:14: message` — for logs, CLIs and PipelineError messages. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.path.join('.') || 'definition';
  const position =
    diagnostic.line === undefined ? '' : ` ${diagnostic.line}:${diagnostic.column ?? 1}`;
  return `${where}${position}: ${diagnostic.message}`;
}
