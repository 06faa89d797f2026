import { defineMessages } from '../define';

/** What every page shares: the header, the footer, the language menu, prices and plain words. */
export const commonMessages = defineMessages({
  'common.languageMenu': {
    en: 'Choose a language',
    es: 'Elige un idioma',
    de: 'Sprache wählen',
    ar: 'اختر لغة',
  },
  'common.beginner': { en: 'Beginner', es: 'Principiante', de: 'Einsteiger', ar: 'مبتدئ' },
  'common.intermediate': { en: 'Intermediate', es: 'Intermedio', de: 'Fortgeschritten', ar: 'متوسط' },
  'common.advanced': { en: 'Advanced', es: 'Avanzado', de: 'Experte', ar: 'متقدم' },
  'common.free': { en: 'Free', es: 'Gratis', de: 'Kostenlos', ar: 'مجاني' },
  'common.justNow': { en: 'just now', es: 'justo ahora', de: 'gerade eben', ar: 'الآن' },
  'common.brand': {
    en: 'Gradient Academy',
    es: 'Gradient Academy',
    de: 'Gradient Academy',
    ar: 'Gradient Academy',
  },
  'common.cancel': {
    en: 'Cancel',
    es: 'Cancelar',
    de: 'Abbrechen',
    ar: 'إلغاء',
  },
  'common.close': {
    en: 'Close',
    es: 'Cerrar',
    de: 'Schließen',
    ar: 'إغلاق',
  },
  'common.loading': {
    en: 'Loading...',
    es: 'Cargando...',
    de: 'Wird geladen...',
    ar: 'جارٍ التحميل...',
  },
  'common.tryAgain': {
    en: 'Try again',
    es: 'Reintentar',
    de: 'Erneut versuchen',
    ar: 'أعد المحاولة',
  },
  'common.pleaseTryAgain': {
    en: 'Please try again.',
    es: 'Inténtalo de nuevo.',
    de: 'Bitte versuche es erneut.',
    ar: 'يُرجى المحاولة مرة أخرى.',
  },
  'common.backToHome': {
    en: 'Back to Home',
    es: 'Volver al inicio',
    de: 'Zurück zur Startseite',
    ar: 'العودة إلى الصفحة الرئيسية',
  },
});
