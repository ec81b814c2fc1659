// `npm run demo`: plain JavaScript entry (like start.mjs), then the demo in TypeScript via tsx.
import { ensureInstalled, ensureNode24, importTs, root } from './ensure-install.mjs';

ensureNode24();
ensureInstalled();
const { runDemo, DemoError } = await importTs('apps/runtime/src/demo/run-demo.ts');
try {
  const demo = await runDemo({ root, env: process.env });
  if (demo.ownRuntime) {
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await demo.stop();
  }
  process.exit(0);
} catch (error) {
  if (error instanceof DemoError) {
    console.error(`demo: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
