// This package's `./test-support` export. It reads files only, so the API's route test shares the
// fixtures without pulling in createGitopsFixture and its database (pg is not an API dependency).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ConfigFiles } from '../config/workspace-config';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** A fixture folder as the files map the CLI would send. */
export function readFolder(dir: string): ConfigFiles {
  const files: ConfigFiles = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const path = join(current, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path).split('\\').join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}
