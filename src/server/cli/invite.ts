/**
 * `npm run invite -- someone@example.com`: creates a single-use creator invitation for that email,
 * prints the code and the sign-up link, and mails it (SMTP_URL, or the dev outbox).
 */
import { z } from 'zod';
import { createDb, type DbHandle } from '#db/client';
import { migrateDb } from '#db/migrate';
import { type Config, ConfigError, loadConfig } from '../env';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { createMailer } from '../lib/mailer';
import { createCreatorInvite } from '../modules/auth/auth.service';

const USAGE = 'Usage: npm run invite -- <email>   (creates a single-use creator invitation for that email)';

function exit(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

function parseEmail(args: string[]): string {
  const values = args.filter((arg) => arg !== '--');
  const parsed = z.string().trim().max(254).pipe(z.email()).safeParse(values[0]);
  if (values.length !== 1 || !parsed.success) exit(2, USAGE);
  return parsed.data;
}

async function openDatabase(config: Config): Promise<{ handle: DbHandle; release: () => void }> {
  if (config.databaseUrl) {
    // One connection: the migration lock is per connection.
    return { handle: await createDb({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 }), release: () => {} };
  }
  let lock: { release: () => void };
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      exit(
        1,
        `The server is running on DATA_DIR ${config.dataDir}; stop it before running invite, or set CREATOR_INVITE_CODE and give that code to creators instead.`,
      );
    }
    throw error;
  }
  try {
    return { handle: await createDb({ kind: 'pglite', dataDir: `${config.dataDir}/db` }), release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function main(): Promise<number> {
  const email = parseEmail(process.argv.slice(2));
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exit(1, error.message);
    throw error;
  }

  const { handle, release } = await openDatabase(config);
  let invite: Awaited<ReturnType<typeof createCreatorInvite>>;
  try {
    await migrateDb(handle);
    invite = await createCreatorInvite({ db: handle.db, publicUrl: config.publicUrl, email });
  } finally {
    await handle.close();
    release();
  }

  console.log(`Creator invitation for ${invite.mail.to} (single use):`);
  console.log(`  code: ${invite.code}`);
  console.log(`  link: ${invite.link}`);

  const mailer = createMailer(config, {
    info: (details, message) => console.log(`${message}: ${String(details.file ?? details.to)}`),
  });
  try {
    await mailer.send(invite.mail);
  } catch (error) {
    console.error(
      `The invitation was created but could not be emailed (${(error as Error).message}); send the link above yourself.`,
    );
    return 1;
  }
  if (config.smtpUrl) console.log(`Emailed to ${invite.mail.to}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => exit(1, `invite failed: ${error instanceof Error ? error.message : String(error)}`),
);
