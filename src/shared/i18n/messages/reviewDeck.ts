import { defineMessages } from '../define';

/** The review deck: the questions a student missed, due again one card at a time. */
export const reviewDeckMessages = defineMessages({
  'reviewDeck.title': { en: 'Review', es: 'Repaso', de: 'Wiederholung', ar: 'المراجعة' },
  'reviewDeck.loading': {
    en: 'Loading your review cards',
    es: 'Cargando tus tarjetas de repaso',
    de: 'Deine Wiederholungskarten werden geladen',
    ar: 'جارٍ تحميل بطاقات المراجعة',
  },
  'reviewDeck.cardSkipped': { en: 'Card skipped', es: 'Tarjeta omitida', de: 'Karte übersprungen', ar: 'تم تخطي البطاقة' },
  'reviewDeck.cardGone': {
    en: 'It was reviewed elsewhere, or is no longer in your deck.',
    es: 'Se repasó en otro lugar o ya no está en tu mazo.',
    de: 'Sie wurde woanders wiederholt oder ist nicht mehr in deinem Stapel.',
    ar: 'تمت مراجعتها في مكان آخر، أو لم تعد في مجموعتك.',
  },
  'reviewDeck.loadFailed': {
    en: 'Your review cards could not be loaded',
    es: 'No se pudieron cargar tus tarjetas de repaso',
    de: 'Deine Wiederholungskarten konnten nicht geladen werden',
    ar: 'تعذّر تحميل بطاقات المراجعة',
  },
  'reviewDeck.nothingToReview': {
    en: 'Nothing to review',
    es: 'Nada que repasar',
    de: 'Nichts zu wiederholen',
    ar: 'لا شيء للمراجعة',
  },
  'reviewDeck.reviewedCount': {
    en: '{count, plural, one {You reviewed 1 card.} other {You reviewed # cards.}}',
    es: '{count, plural, one {Repasaste 1 tarjeta.} other {Repasaste # tarjetas.}}',
    de: '{count, plural, one {Du hast 1 Karte wiederholt.} other {Du hast # Karten wiederholt.}}',
    ar: '{count, plural, zero {لم تراجع أي بطاقة.} one {راجعت بطاقة واحدة.} two {راجعت بطاقتين.} few {راجعت # بطاقات.} many {راجعت # بطاقة.} other {راجعت # بطاقة.}}',
  },
  'reviewDeck.missedComeBack': {
    en: 'Questions you miss in a quiz come back here when they are due.',
    es: 'Las preguntas que falles en un cuestionario vuelven aquí cuando toca repasarlas.',
    de: 'Fragen, die du in einem Quiz falsch beantwortest, kommen hier wieder, sobald sie fällig sind.',
    ar: 'الأسئلة التي تخطئ فيها في اختبار تعود إلى هنا عندما يحين موعدها.',
  },
  'reviewDeck.backToMyCourses': {
    en: 'Back to My Courses',
    es: 'Volver a Mis cursos',
    de: 'Zurück zu Meine Kurse',
    ar: 'العودة إلى دوراتي',
  },
  'reviewDeck.cardOf': {
    en: 'Card {number} of {total}',
    es: 'Tarjeta {number} de {total}',
    de: 'Karte {number} von {total}',
    ar: 'البطاقة {number} من {total}',
  },
  'reviewDeck.progress': {
    en: 'Review progress',
    es: 'Progreso del repaso',
    de: 'Fortschritt der Wiederholung',
    ar: 'التقدّم في المراجعة',
  },
  'reviewDeck.nextReview': {
    en: 'Next review {when}.',
    es: 'Próximo repaso: {when}.',
    de: 'Nächste Wiederholung: {when}.',
    ar: 'المراجعة التالية: {when}.',
  },
  'reviewDeck.finish': { en: 'Finish', es: 'Terminar', de: 'Fertig', ar: 'إنهاء' },
  'reviewDeck.nextCard': { en: 'Next card', es: 'Siguiente tarjeta', de: 'Nächste Karte', ar: 'البطاقة التالية' },
  'reviewDeck.choose': { en: 'choose', es: 'elegir', de: 'wählen', ar: 'اختيار' },
  'reviewDeck.submit': { en: 'submit', es: 'enviar', de: 'senden', ar: 'إرسال' },
  'reviewDeck.next': { en: 'next', es: 'siguiente', de: 'weiter', ar: 'التالي' },
});
