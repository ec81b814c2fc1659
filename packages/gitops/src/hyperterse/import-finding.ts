export type ImportFindingCode =
  | 'INVALID_FILE'
  | 'UNSUPPORTED_CONNECTOR'
  | 'STATEMENT_REFUSED'
  | 'TOOL_INVALID'
  | 'TOOL_SKIPPED'
  | 'TOOL_RENAMED'
  | 'SCRIPT_MISSING'
  | 'SYNC_FETCH'
  | 'NO_EQUIVALENT'
  | 'LITERAL_CREDENTIAL'
  | 'SECRET_NEEDED';

/**
 * One thing an import or export reports. Errors mean the item was left out (and say why);
 * warnings mean it came across but needs a look. Nothing is dropped without one.
 */
export interface ImportFinding {
  severity: 'error' | 'warning';
  code: ImportFindingCode;
  file: string;
  tool?: string;
  field?: string;
  /** 1-based, within `field` (a statement or script) when set, else within the file. */
  line?: number;
  column?: number;
  message: string;
  fix?: string;
}
