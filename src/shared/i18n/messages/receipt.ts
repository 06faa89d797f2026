import { defineMessages } from '../define';

/** A purchase's PDF receipt (src/server/lib/receipt-pdf.ts), in its buyer's saved language. */
export const receiptMessages = defineMessages({
  'receipt.documentTitle': { en: 'Receipt {id}', es: 'Recibo {id}', de: 'Quittung {id}', ar: 'إيصال {id}' },
  'receipt.title': { en: 'Receipt', es: 'Recibo', de: 'Quittung', ar: 'إيصال' },
  'receipt.titleRefunded': {
    en: 'Receipt (refunded)',
    es: 'Recibo (reembolsado)',
    de: 'Quittung (erstattet)',
    ar: 'إيصال (مُسترد)',
  },
  'receipt.number': { en: 'Receipt number', es: 'Número de recibo', de: 'Quittungsnummer', ar: 'رقم الإيصال' },
  'receipt.datePaid': { en: 'Date paid', es: 'Fecha de pago', de: 'Bezahlt am', ar: 'تاريخ الدفع' },
  'receipt.billedTo': { en: 'Billed to', es: 'Facturado a', de: 'Rechnungsempfänger', ar: 'صادر إلى' },
  'receipt.paidWith': { en: 'Paid with', es: 'Pagado con', de: 'Bezahlt mit', ar: 'طريقة الدفع' },
  'receipt.card': { en: 'Card (Stripe)', es: 'Tarjeta (Stripe)', de: 'Karte (Stripe)', ar: 'بطاقة (Stripe)' },
  'receipt.testCard': {
    en: 'Test card (test mode: no money moved)',
    es: 'Tarjeta de prueba (modo de prueba: no se movió dinero)',
    de: 'Testkarte (Testmodus: kein Geld wurde bewegt)',
    ar: 'بطاقة تجريبية (وضع تجريبي: لم تُحوَّل أي أموال)',
  },
  'receipt.course': { en: 'Course', es: 'Curso', de: 'Kurs', ar: 'الدورة' },
  'receipt.amount': { en: 'Amount (USD)', es: 'Importe (USD)', de: 'Betrag (USD)', ar: 'المبلغ (USD)' },
  'receipt.discount': { en: 'Discount', es: 'Descuento', de: 'Rabatt', ar: 'الخصم' },
  'receipt.discountCode': {
    en: 'Discount ({code})',
    es: 'Descuento ({code})',
    de: 'Rabatt ({code})',
    ar: 'الخصم ({code})',
  },
  'receipt.totalPaid': { en: 'Total paid', es: 'Total pagado', de: 'Gesamt bezahlt', ar: 'إجمالي المدفوع' },
  'receipt.refundedOn': {
    en: 'Refunded on {date}',
    es: 'Reembolsado el {date}',
    de: 'Erstattet am {date}',
    ar: 'استُرد في {date}',
  },
  'receipt.thanks': {
    en: 'Thank you for learning with Gradient Academy.',
    es: 'Gracias por aprender con Gradient Academy.',
    de: 'Danke, dass du mit Gradient Academy lernst.',
    ar: 'شكرًا لتعلّمك مع Gradient Academy.',
  },
});
