import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './cli-error';

// What the server accepts (packages/gitops): checked here too, so a wrong folder fails before
// anything is sent.
const MAX_FILES = 5_000;
const MAX_FILE_BYTES = 1024 * 1024;
const SKIPPED_DIRECTORIES = new Set(['node_modules']);

/**
 * A folder as the files map the API takes (relative `/` path → text). Dot-directories (`.git`)
 * and node_modules are skipped; dot-files are kept (`.hyperterse` is one). Symbolic links are not
 * followed, so nothing outside the folder is read; binary files are left out. A single file (a
 * v1 `.terse`) is a map of one.
 */
export async function readProjectFiles(path: string): Promise<Record<string, string>> {
  const root = resolve(path);
  const info = await lstat(root).catch(() => null);
  if (!info) throw new CliError(`${path} does not exist.`, EXIT_USAGE);
  if (info.isFile()) return { [basename(root)]: await readFile(root, 'utf8') };
  if (!info.isDirectory()) throw new CliError(`${path} is not a folder or a file.`, EXIT_USAGE);
  const files: Record<string, string> = {};
  let count = 0;
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_DIRECTORIES.has(entry.name)) await walk(full);
        continue;
      }
      if (!entry.isFile()) continue;
      if (++count > MAX_FILES)
        throw new CliError(`${path} has more than ${MAX_FILES} files.`, EXIT_FAILURE);
      const stat = await lstat(full);
      const name = relative(root, full).split(sep).join('/');
      if (stat.size > MAX_FILE_BYTES)
        throw new CliError(`${name} is larger than 1 MB.`, EXIT_FAILURE);
      const text = await readFile(full, 'utf8');
      // Binary files (images, archives) are never part of a definition: not sent.
      if (!text.includes('\0')) files[name] = text;
    }
  };
  await walk(root);
  return files;
}

/**
 * Writes what the API returned under `dir`. Every path must stay inside it (the server is
 * trusted, but a path is never allowed to climb out). Returns the paths written.
 */
export async function writeProjectFiles(
  dir: string,
  files: Record<string, string>,
): Promise<string[]> {
  const root = resolve(dir);
  const written: string[] = [];
  for (const [name, text] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const target = resolve(root, name);
    if (!target.startsWith(root + sep)) {
      throw new CliError(
        `Refusing to write ${JSON.stringify(name)}: it is outside ${dir}.`,
        EXIT_FAILURE,
      );
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
    written.push(name);
  }
  return written;
}
