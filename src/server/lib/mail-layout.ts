import { directionOf, type Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';

/** The product's name as mails sign with it. */
export const PRODUCT = 'Gradient Academy';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A mail's HTML in its recipient's language (`lang`, and `dir="rtl"` for Arabic): paragraphs (already
 * escaped), one button, and a small footer (already escaped).
 */
export function mailLayout(
  paragraphs: string[],
  action: { label: string; href: string },
  footer: string,
  locale: Locale,
): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n    ');
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111827; max-width: 560px; margin: 0 auto; padding: 24px;">
    <h1 style="font-size: 20px;">${PRODUCT}</h1>
    ${body}
    <p><a href="${escapeHtml(action.href)}" style="display: inline-block; background: #4f46e5; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none;">${escapeHtml(action.label)}</a></p>
    <p style="font-size: 13px; color: #6b7280;">${escapeHtml(translate(locale, 'mail.buttonFallback'))}<br>${escapeHtml(action.href)}</p>
    <p style="font-size: 13px; color: #6b7280;">${footer}</p>
  </body>
</html>
`;
}

/** A plain-text mail's signature line. */
export const SIGNATURE = `— ${PRODUCT}`;
