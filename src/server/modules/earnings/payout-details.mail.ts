import { formatDay } from '#shared/format';
import { PRODUCT } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

/**
 * Sent to the creator whenever where they are paid changes: a stolen session could otherwise send
 * their next bank transfer elsewhere unnoticed. It names no bank details, so a mailbox read by
 * someone else learns nothing from it.
 */
export function payoutDetailsChangedMail({
  to,
  name,
  changedAt,
  isCleared,
  earningsUrl,
}: {
  to: string;
  name: string;
  changedAt: Date;
  isCleared: boolean;
  earningsUrl: string;
}): Mail {
  const what = isCleared
    ? 'Where you are paid by bank transfer was removed from your account'
    : 'Where you are paid by bank transfer was changed';
  const text = [
    `Hi ${name},`,
    '',
    `${what} on ${formatDay(changedAt, { utc: true })} (UTC). An admin pays your next payout to the details shown on your Earnings page:`,
    '',
    earningsUrl,
    '',
    'If you did not do this, change your password at once (that signs out every other session), put your details back, and reply to this email.',
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  return { to, subject: `Your ${PRODUCT} payout details were changed`, text };
}
