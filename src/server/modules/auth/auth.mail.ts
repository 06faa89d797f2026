import type { Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import { escapeHtml, mailLayout as layout, SIGNATURE } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';

export function passwordResetMail({ to, name, link, locale }: { to: string; name: string; link: string; locale: Locale }): Mail {
  const expiry = translate(locale, 'mail.resetExpiry');
  const greeting = translate(locale, 'mail.greeting', { name });
  const text = [greeting, '', translate(locale, 'mail.resetLink'), '', link, '', expiry, '', SIGNATURE].join('\n');
  const html = layout(
    [escapeHtml(greeting), escapeHtml(translate(locale, 'mail.resetButtonIntro'))],
    { label: translate(locale, 'mail.resetButton'), href: link },
    escapeHtml(expiry),
    locale,
  );
  return { to, subject: translate(locale, 'mail.resetSubject'), text, html };
}
