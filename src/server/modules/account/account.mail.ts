import { EMAIL_CHANGE_TTL_HOURS } from '#shared/schemas/account';
import type { Mail } from '../../lib/mailer';

const PRODUCT = 'Gradient Academy';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function confirmEmailMail({ to, name, link }: { to: string; name: string; link: string }): Mail {
  const expiry = `The link expires in ${EMAIL_CHANGE_TTL_HOURS} hours and works once. If you did not ask for this, ignore this email; nothing changes.`;
  const text = [
    `Hi ${name},`,
    '',
    `Open this link to make ${to} the email address of your ${PRODUCT} account:`,
    '',
    link,
    '',
    expiry,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111827; max-width: 560px; margin: 0 auto; padding: 24px;">
    <h1 style="font-size: 20px;">${PRODUCT}</h1>
    <p>Hi ${escapeHtml(name)},</p>
    <p>Use the button below to make ${escapeHtml(to)} the email address of your ${PRODUCT} account.</p>
    <p><a href="${escapeHtml(link)}" style="display: inline-block; background: #4f46e5; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">Confirm email address</a></p>
    <p style="font-size: 13px; color: #6b7280;">If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>
    <p style="font-size: 13px; color: #6b7280;">${escapeHtml(expiry)}</p>
  </body>
</html>
`;
  return { to, subject: `Confirm your new ${PRODUCT} email address`, text, html };
}

/** Sent to the old address once the change is done, so a hijacked session cannot move an account away unnoticed. */
export function emailChangedNoticeMail({ to, name, newEmail }: { to: string; name: string; newEmail: string }): Mail {
  const text = [
    `Hi ${name},`,
    '',
    `The email address of your ${PRODUCT} account was changed to ${newEmail}. Sign-ins and mail now use that address.`,
    '',
    'If you did not do this, reply to this email at once so we can help you get the account back.',
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  return { to, subject: `Your ${PRODUCT} email address was changed`, text };
}
