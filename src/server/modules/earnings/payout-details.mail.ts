import { formatDay } from '#shared/format';
import type { Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import { SIGNATURE } from '../../lib/mail-layout';
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
  locale,
}: {
  to: string;
  name: string;
  changedAt: Date;
  isCleared: boolean;
  earningsUrl: string;
  locale: Locale;
}): Mail {
  const date = formatDay(changedAt, { utc: true, locale });
  const what = isCleared ? translate(locale, 'mail.payoutRemoved', { date }) : translate(locale, 'mail.payoutChanged', { date });
  const text = [
    translate(locale, 'mail.greeting', { name }),
    '',
    what,
    '',
    earningsUrl,
    '',
    translate(locale, 'mail.payoutNotYou'),
    '',
    SIGNATURE,
  ].join('\n');
  return { to, subject: translate(locale, 'mail.payoutSubject'), text };
}
