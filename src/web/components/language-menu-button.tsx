import { Languages } from 'lucide-react';
import type { ComponentProps } from 'react';
import { isLocale, LOCALE_NAMES } from '#shared/i18n/locales';
import { Button } from '#web/components/ui/button';
import { currentLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';

export type LanguageMenuPlace = 'header' | 'footer';

/**
 * The language menu's button: the header's an icon, the footer's the current language in its own name.
 * Radix's trigger (language-menu-popup.tsx) and the look-alike drawn before it loads are this same button.
 */
export function LanguageMenuButton({ place, ...props }: ComponentProps<'button'> & { place: LanguageMenuPlace }) {
  const locale = currentLocale();
  // The pseudo-locale (tests) is English underneath.
  const shown = isLocale(locale) ? locale : 'en';
  if (place === 'header') {
    return (
      <Button variant="ghost" size="icon-sm" aria-label={t('common.languageMenu')} title={t('common.languageMenu')} {...props}>
        <Languages className="size-5" aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ms-3 text-muted-foreground hover:text-foreground"
      aria-label={t('shell.languageMenuCurrent', { language: LOCALE_NAMES[shown] })}
      {...props}
    >
      <Languages aria-hidden="true" />
      <span lang={shown}>{LOCALE_NAMES[shown]}</span>
    </Button>
  );
}
