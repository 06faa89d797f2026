import type { Mail } from '../../lib/mailer';

const PRODUCT = 'Gradient Academy';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(paragraphs: string[], action: { label: string; href: string }, footer: string): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n    ');
  return `<!doctype html>
<html>
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111827; max-width: 560px; margin: 0 auto; padding: 24px;">
    <h1 style="font-size: 20px;">${PRODUCT}</h1>
    ${body}
    <p><a href="${escapeHtml(action.href)}" style="display: inline-block; background: #4f46e5; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">${escapeHtml(action.label)}</a></p>
    <p style="font-size: 13px; color: #6b7280;">If the button does not work, paste this address into your browser:<br>${escapeHtml(action.href)}</p>
    <p style="font-size: 13px; color: #6b7280;">${footer}</p>
  </body>
</html>
`;
}

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

export function creatorInviteMail({ to, link, code }: { to: string; link: string; code: string }): Mail {
  const text = [
    'Hello,',
    '',
    `You are invited to teach on ${PRODUCT}. Create your creator account here:`,
    '',
    link,
    '',
    `Your invitation code (already filled in by the link): ${code}`,
    `It works once, for ${to} only.`,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = layout(
    [
      'Hello,',
      `You are invited to teach on ${PRODUCT}. Create your creator account with the button below.`,
      `Your invitation code (already filled in by the link): <code>${escapeHtml(code)}</code><br>It works once, for ${escapeHtml(to)} only.`,
    ],
    { label: 'Create creator account', href: link },
    'If you were not expecting this invitation, you can ignore this email.',
  );
  return { to, subject: `Your invitation to teach on ${PRODUCT}`, text, html };
}
