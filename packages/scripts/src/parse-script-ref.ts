export type ScriptRef = { path: string; exportName: string };

const EXPORT_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Splits a script reference, `handlers/get-user.ts` or `handlers/users.ts#getUser`, into the file
 * and the export to call (`default` when there is no `#`). `null` when the part after `#` is not
 * an identifier.
 */
export function parseScriptRef(ref: string): ScriptRef | null {
  const hash = ref.lastIndexOf('#');
  if (hash === -1) return { path: ref, exportName: 'default' };
  const exportName = ref.slice(hash + 1);
  if (!EXPORT_NAME.test(exportName)) return null;
  return { path: ref.slice(0, hash), exportName };
}
