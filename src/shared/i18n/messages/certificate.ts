import { defineMessages } from '../define';

/** The certificate PDF (src/server/lib/certificate-pdf.ts), in its student's saved language. */
export const certificateMessages = defineMessages({
  'certificate.title': {
    en: 'Certificate of Completion',
    es: 'Certificado de finalización',
    de: 'Abschlusszertifikat',
    ar: 'شهادة إتمام',
  },
  'certificate.documentTitle': {
    en: 'Certificate of Completion: {course}',
    es: 'Certificado de finalización: {course}',
    de: 'Abschlusszertifikat: {course}',
    ar: 'شهادة إتمام: {course}',
  },
  'certificate.documentSubject': {
    en: '{student} completed {course}',
    es: '{student} completó {course}',
    de: '{student} hat {course} abgeschlossen',
    ar: 'أتمّ {student} دورة {course}',
  },
  'certificate.certifies': {
    en: 'This certifies that',
    es: 'Se certifica que',
    de: 'Hiermit wird bestätigt, dass',
    ar: 'تشهد هذه الوثيقة بأنّ',
  },
  'certificate.completed': {
    en: 'has successfully completed the course',
    es: 'ha completado con éxito el curso',
    de: 'den Kurs erfolgreich abgeschlossen hat',
    ar: 'أتمّ بنجاح الدورة',
  },
  'certificate.issuedOn': { en: 'Issued on {date}', es: 'Emitido el {date}', de: 'Ausgestellt am {date}', ar: 'صدرت في {date}' },
  'certificate.id': {
    en: 'Certificate ID: {id}',
    es: 'ID del certificado: {id}',
    de: 'Zertifikats-ID: {id}',
    ar: 'رقم الشهادة: {id}',
  },
  'certificate.verifyAt': {
    en: 'Verify at {url}',
    es: 'Verifícalo en {url}',
    de: 'Überprüfen unter {url}',
    ar: 'تحقّق منها على {url}',
  },
  'certificate.scan': { en: 'Scan to verify', es: 'Escanea para verificar', de: 'Zum Überprüfen scannen', ar: 'امسح للتحقق' },
});
