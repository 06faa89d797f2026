import type { DbHandle } from '#db/client';
import { migrateDb } from '#db/migrate';
import { seedDemo } from '#db/seed/index';
import type { Config } from './env';
import { hashPassword } from './lib/passwords';
import { sanitizeRichText } from './lib/rich-text';

/**
 * Migrates the database and, when asked and it is empty, seeds the demo (printing its accounts). The
 * seed runs under the migration lock, so of instances starting together on an empty database one
 * seeds and the others, in turn, find the demo there.
 */
export async function prepareDatabase({ handle, config }: { handle: DbHandle; config: Pick<Config, 'seedDemo'> }) {
  if (!config.seedDemo) return migrateDb(handle);
  await migrateDb(handle, {
    whileLocked: async () => {
      const result = await seedDemo({
        db: handle.db,
        hashPassword,
        prepareRichText: (html) => sanitizeRichText(html, 'content'),
      });
      if (!result.created) return;
      console.log(`Seeded ${result.courses} demo courses.`);
      for (const account of result.accounts) console.log(`Demo ${account.role}: ${account.email} / ${account.password}`);
    },
  });
}
