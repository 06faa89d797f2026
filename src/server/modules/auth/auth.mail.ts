import { escapeHtml, mailLayout as layout, PRODUCT } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }): Mail {
  const text = [
    `Hi ${name},`,
    '',
    `Someone asked to reset the password of your ${PRODUCT} account. Open this link to choose a new password:`,
    '',
    link,
    '',
    'The link expires in 1 hour and works once. If you did not ask for this, ignore this email; your password stays the same.',
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = layout(
    [
      `Hi ${escapeHtml(name)},`,
      `Someone asked to reset the password of your ${PRODUCT} account. Use the button below to choose a new password.`,
    ],
    { label: 'Reset password', href: link },
    'The link expires in 1 hour and works once. If you did not ask for this, ignore this email; your password stays the same.',
  );
  return { to, subject: `Reset your ${PRODUCT} password`, text, html };
}
