import { parseMasterKey } from '@toolplane/crypto';
import { databaseEnv, EnvError, masterKeyEnv, parseEnv } from '@toolplane/env';
import type { z } from 'zod';
import { createDb } from '../client';
import { rotateMasterKey } from '../keys/rotate-master-key';

// `npm run keys:rotate-master`: re-wraps every workspace data key from the previous master key
// (TOOLPLANE_PREVIOUS_MASTER_KEY) to the new one (TOOLPLANE_MASTER_KEY). Secret values are not
// touched. Deploy the apps with the new key first and the old one as previous, run this, then
// drop the previous key.

const schema = databaseEnv.extend(masterKeyEnv.shape).extend({
  TOOLPLANE_PREVIOUS_MASTER_KEY: masterKeyEnv.shape.TOOLPLANE_MASTER_KEY,
});

async function main(): Promise<number> {
  let env: z.infer<typeof schema>;
  try {
    env = parseEnv(schema, process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const to = parseMasterKey(env.TOOLPLANE_MASTER_KEY);
  const from = parseMasterKey(env.TOOLPLANE_PREVIOUS_MASTER_KEY);
  if (to.id === from.id) {
    console.error('TOOLPLANE_MASTER_KEY and TOOLPLANE_PREVIOUS_MASTER_KEY are the same key');
    return 1;
  }
  const db = createDb({
    databaseUrl: env.DATABASE_URL,
    max: 1,
    applicationName: 'toolplane-rotate',
  });
  try {
    const result = await rotateMasterKey(db, { from, to });
    console.log(
      `[rotate-master-key] re-wrapped ${result.rewrapped} workspace data key(s) from ${from.id} to ${to.id}` +
        (result.unchanged > 0 ? `; ${result.unchanged} already used ${to.id}` : ''),
    );
    return 0;
  } finally {
    await db.$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      '[rotate-master-key] failed, nothing was changed:',
      error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
