import type { DbHandle } from '#db/client';
import { migrateDb } from '#db/migrate';
import { seedDemo } from '#db/seed/index';
import type { Config } from './env';
import { hashPassword } from './lib/passwords';
import { sanitizeRichText } from './lib/rich-text';

/** Migrates the database and, when asked and it is empty, seeds the demo (printing its accounts). */
export async function prepareDatabase({ handle, config }: { handle: DbHandle; config: Pick<Config, 'seedDemo'> }) {
  await migrateDb(handle);
  if (!config.seedDemo) return;
  const result = await seedDemo({
    db: handle.db,
    hashPassword,
    prepareRichText: (html) => sanitizeRichText(html, 'content'),
  });
  if (!result.created) return;
  console.log(`Seeded ${result.courses} demo courses.`);
  for (const account of result.accounts) console.log(`Demo ${account.role}: ${account.email} / ${account.password}`);
}
