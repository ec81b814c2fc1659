import { ensureInstalled, ensureNode24, importTs } from './ensure-install.mjs';

ensureNode24();
ensureInstalled();
await importTs('packages/launcher/src/cli/start.ts');
