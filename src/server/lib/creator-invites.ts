import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { creatorInvites } from '#db/schema/index';
import { DEFAULT_LOCALE } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import { escapeHtml, mailLayout, SIGNATURE } from './mail-layout';
import type { Mail, Mailer } from './mailer';
import { generateToken, hashToken } from './tokens';

/*
 * Single-use creator invitations (docs/product.md, Accounts and access): made by `npm run invite` and by an admin on /admin,
 * the same way. Sign-up (modules/auth) takes one that is neither used nor revoked.
 */

export function creatorInviteLink(publicUrl: string, code: string): string {
  return `${publicUrl}/creator?tab=signup&invite=${encodeURIComponent(code)}`;
}

/** In English: whoever is invited has no account yet, so no saved language. */
export function creatorInviteMail({ to, link, code }: { to: string; link: string; code: string }): Mail {
  const locale = DEFAULT_LOCALE;
  const once = translate(locale, 'mail.inviteOnce', { email: to });
  const text = [
    translate(locale, 'mail.helloAnyone'),
    '',
    translate(locale, 'mail.inviteLink'),
    '',
    link,
    '',
    translate(locale, 'mail.inviteCode', { code }),
    once,
    '',
    SIGNATURE,
  ].join('\n');
  const html = mailLayout(
    [
      escapeHtml(translate(locale, 'mail.helloAnyone')),
      escapeHtml(translate(locale, 'mail.inviteButtonIntro')),
      `${translate(locale, 'mail.inviteCodeHtml', { code: escapeHtml(code) })}<br>${escapeHtml(once)}`,
    ],
    { label: translate(locale, 'mail.inviteButton'), href: link },
    escapeHtml(translate(locale, 'mail.inviteFooter')),
    locale,
  );
  return { to, subject: translate(locale, 'mail.inviteSubject'), text, html };
}

/** A single-use invitation for one email (stored lowercase, as users.email is); only the code's hash is stored. */
export async function createCreatorInvite({
  db,
  publicUrl,
  email: rawEmail,
}: {
  db: DbOrTx;
  publicUrl: string;
  email: string;
}): Promise<{ id: string; email: string; createdAt: Date; code: string; link: string; mail: Mail }> {
  const email = rawEmail.trim().toLowerCase();
  const code = generateToken();
  const [row] = await db
    .insert(creatorInvites)
    .values({ email, codeHash: hashToken(code) })
    .returning({ id: creatorInvites.id, createdAt: creatorInvites.createdAt });
  if (!row) throw new Error('invite insert returned no row');
  const link = creatorInviteLink(publicUrl, code);
  return { id: row.id, email, createdAt: row.createdAt, code, link, mail: creatorInviteMail({ to: email, link, code }) };
}

/**
 * The admin console's invitation mail, sent by its job (ADR 0037) with the code the admin was shown.
 * An invitation used or revoked before the mail went gets none.
 */
export async function sendCreatorInviteMail({
  db,
  mailer,
  publicUrl,
  invitationId,
  code,
}: {
  db: DbOrTx;
  mailer: Mailer;
  publicUrl: string;
  invitationId: string;
  code: string;
}): Promise<void> {
  const [invite] = await db
    .select({ email: creatorInvites.email })
    .from(creatorInvites)
    .where(and(eq(creatorInvites.id, invitationId), isNull(creatorInvites.usedAt), isNull(creatorInvites.revokedAt)))
    .limit(1);
  if (!invite) return;
  await mailer.send(creatorInviteMail({ to: invite.email, link: creatorInviteLink(publicUrl, code), code }));
}
