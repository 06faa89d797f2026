/**
 * `npm run invite -- someone@example.com`: creates a single-use creator invitation for that email,
 * prints the code and the sign-up link, and mails it (SMTP_URL, or the dev outbox).
 */
import { migrateDb } from '#db/migrate';
import { createCreatorInvite } from '../lib/creator-invites';
import { createMailer } from '../lib/mailer';
import { exit, loadCliConfig, openCliDatabase, parseEmailArgument } from './cli-database';

const USAGE = 'Usage: npm run invite -- <email>   (creates a single-use creator invitation for that email)';

async function main(): Promise<number> {
  const email = parseEmailArgument(process.argv.slice(2), USAGE);
  const config = loadCliConfig();

  const { handle, release } = await openCliDatabase(
    config,
    'stop it before running invite, or set CREATOR_INVITE_CODE and give that code to creators instead.',
  );
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
