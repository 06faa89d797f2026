import { defineMessages } from '../define';

/** What every page shares: the header, the footer, the language menu, prices and plain words. */
export const commonMessages = defineMessages({
  'common.language': { en: 'Language', es: 'Idioma', de: 'Sprache', ar: 'اللغة' },
  'common.languageMenu': {
    en: 'Choose a language',
    es: 'Elige un idioma',
    de: 'Sprache wählen',
    ar: 'اختر لغة',
  },
  'common.free': { en: 'Free', es: 'Gratis', de: 'Kostenlos', ar: 'مجاني' },
  'common.justNow': { en: 'just now', es: 'justo ahora', de: 'gerade eben', ar: 'الآن' },
});
