/**
 * `npm run admin -- someone@example.com`: makes that account an admin (docs/product.md, Accounts and access). The only
 * way the role is granted: sign-up and the API never give it. The account must exist (sign up first)
 * and must not be a creator: an admin runs the platform and owns no courses.
 */
import { eq } from 'drizzle-orm';
import { migrateDb } from '#db/migrate';
import { users } from '#db/schema/index';
import { exit, loadCliConfig, openCliDatabase, parseEmailArgument } from './cli-database';

const USAGE = 'Usage: npm run admin -- <email>   (makes the account with that email an admin)';

async function main(): Promise<number> {
  const email = parseEmailArgument(process.argv.slice(2), USAGE).toLowerCase();
  const config = loadCliConfig();

  const { handle, release } = await openCliDatabase(config, 'stop it before running admin, or run it with DATABASE_URL.');
  try {
    await migrateDb(handle);
    const [user] = await handle.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) {
      console.error(`No account has the email ${email}; sign up with it first, then run this again.`);
      return 1;
    }
    if (user.role === 'admin') {
      console.log(`${email} is already an admin.`);
      return 0;
    }
    if (user.role === 'creator') {
      console.error(`${email} is a creator account; an admin owns no courses. Make another account the admin.`);
      return 1;
    }
    // The row's update announces itself (src/db/cache-feeds.ts): a running server drops the cached
    // sessions of the account, so its next request already has the admin role.
    await handle.db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, user.id));
  } finally {
    await handle.close();
    release();
  }
  console.log(`${email} is now an admin: sign in and open /admin.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => exit(1, `admin failed: ${error instanceof Error ? error.message : String(error)}`),
);
