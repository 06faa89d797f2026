import { directionOf, isLocale, LOCALE_NAMES, LOCALES } from '#shared/i18n/locales';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu';
import { chooseLanguage } from '#web/lib/i18n/choose-language';
import { currentLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';
import { LanguageMenuButton, type LanguageMenuPlace } from './language-menu-button';

/** The language menu itself, loaded by `LanguageMenu` when first wanted. */
export function LanguageMenuPopup({ place, defaultOpen }: { place: LanguageMenuPlace; defaultOpen: boolean }) {
  const locale = currentLocale();
  return (
    <DropdownMenu defaultOpen={defaultOpen} dir={directionOf(locale)}>
      <DropdownMenuTrigger asChild>
        <LanguageMenuButton place={place} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align={place === 'header' ? 'end' : 'start'}
        side={place === 'header' ? 'bottom' : 'top'}
        aria-label={t('common.languageMenu')}
        className="min-w-[10rem]"
      >
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(chosen) => {
            if (isLocale(chosen) && chosen !== locale) void chooseLanguage(chosen);
          }}
        >
          {LOCALES.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
