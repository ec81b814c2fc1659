import { TOOL_NAME } from '@toolplane/pipeline/compile';

export const TOOL_NAME_MAX_LENGTH = 128;

export const TOOL_NAME_RULE =
  'Use up to 128 lowercase letters, digits, _ or -, starting with a letter.';

/**
 * The one rule for a tool's name, checked wherever a name is saved (the service layer behind the
 * dashboard, the REST API and GitOps): the pipeline's `^[a-z][a-z0-9_-]*$`, at most 128
 * characters, so a saved name is one the runtime serves. Hyperterse derives nested tool
 * names by joining folder segments with `-` (`tools/users/list` → `users-list`), so it never
 * needs `.` or `/`; and MCP clients that turn tools into model functions refuse dots. Returns
 * the problem, or null when the name is fine.
 */
export function toolNameProblem(name: string): string | null {
  if (name.length === 0) return 'Name the tool.';
  if (name.length > TOOL_NAME_MAX_LENGTH || !TOOL_NAME.test(name)) return TOOL_NAME_RULE;
  return null;
}
