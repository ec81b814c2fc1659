/**
 * Paths inside a files map: `/`-separated, relative, never leaving the folder. Returns null for
 * anything else (absolute, `..` above the root, backslashes, NUL), so a hostile map cannot name a
 * file outside what it sent.
 */
export function normalizeProjectPath(path: string): string | null {
  if (path.includes('\\') || path.includes('\0') || path.startsWith('/')) return null;
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return out.length === 0 ? null : out.join('/');
}

export function dirnameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

export function joinProjectPath(dir: string, relative: string): string | null {
  return normalizeProjectPath(dir === '' ? relative : `${dir}/${relative}`);
}

/** `./a.ts#fn` → { path: './a.ts', exportName: 'fn' }; `default` counts as no export name. */
export function splitScriptReference(reference: string): {
  path: string;
  exportName: string | null;
} {
  const hash = reference.lastIndexOf('#');
  if (hash === -1) return { path: reference, exportName: null };
  const exportName = reference.slice(hash + 1);
  return {
    path: reference.slice(0, hash),
    exportName: exportName === 'default' ? null : exportName,
  };
}

export const FILES_LIMITS = { count: 5_000, fileBytes: 1024 * 1024, totalBytes: 20 * 1024 * 1024 };

/** Checks a files map's shape and size; the normalized map, or the problems found. */
export function checkFilesMap(
  files: unknown,
):
  | { ok: true; files: Map<string, string> }
  | { ok: false; problems: { file: string; field: string; message: string }[] } {
  if (files === null || typeof files !== 'object' || Array.isArray(files)) {
    return {
      ok: false,
      problems: [{ file: '', field: 'files', message: 'send an object of path → text' }],
    };
  }
  const entries = Object.entries(files as Record<string, unknown>);
  const problems: { file: string; field: string; message: string }[] = [];
  if (entries.length > FILES_LIMITS.count) {
    problems.push({ file: '', field: 'files', message: `at most ${FILES_LIMITS.count} files` });
    return { ok: false, problems };
  }
  const out = new Map<string, string>();
  let total = 0;
  for (const [raw, text] of entries) {
    const path = normalizeProjectPath(raw);
    if (path === null) {
      problems.push({ file: raw, field: 'path', message: 'use a relative path inside the folder' });
      continue;
    }
    if (typeof text !== 'string') {
      problems.push({ file: path, field: 'content', message: 'send the file as text' });
      continue;
    }
    if (text.length > FILES_LIMITS.fileBytes) {
      problems.push({ file: path, field: 'content', message: 'files are limited to 1 MB' });
      continue;
    }
    total += text.length;
    if (out.has(path)) {
      problems.push({ file: path, field: 'path', message: 'the same file is sent twice' });
      continue;
    }
    out.set(path, text);
  }
  if (total > FILES_LIMITS.totalBytes) {
    problems.push({ file: '', field: 'files', message: 'the folder is limited to 20 MB' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, files: out };
}
