import type { Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import { EMAIL_CHANGE_TTL_HOURS } from '#shared/schemas/account';
import { escapeHtml, mailLayout, SIGNATURE } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

export function confirmEmailMail({ to, name, link, locale }: { to: string; name: string; link: string; locale: Locale }): Mail {
  const expiry = translate(locale, 'mail.confirmEmailExpiry', { hours: EMAIL_CHANGE_TTL_HOURS });
  const greeting = translate(locale, 'mail.greeting', { name });
  const text = [
    greeting,
    '',
    translate(locale, 'mail.confirmEmailLink', { email: to }),
    '',
    link,
    '',
    expiry,
    '',
    SIGNATURE,
  ].join('\n');
  const html = mailLayout(
    [escapeHtml(greeting), escapeHtml(translate(locale, 'mail.confirmEmailButtonIntro', { email: to }))],
    { label: translate(locale, 'mail.confirmEmailButton'), href: link },
    escapeHtml(expiry),
    locale,
  );
  return { to, subject: translate(locale, 'mail.confirmEmailSubject'), text, html };
}

/** Sent to the old address once the change is done, so a hijacked session cannot move an account away unnoticed. */
export function emailChangedNoticeMail({
  to,
  name,
  newEmail,
  locale,
}: {
  to: string;
  name: string;
  newEmail: string;
  locale: Locale;
}): Mail {
  const text = [
    translate(locale, 'mail.greeting', { name }),
    '',
    translate(locale, 'mail.emailChangedBody', { email: newEmail }),
    '',
    translate(locale, 'mail.emailChangedNotYou'),
    '',
    SIGNATURE,
  ].join('\n');
  return { to, subject: translate(locale, 'mail.emailChangedSubject'), text };
}
