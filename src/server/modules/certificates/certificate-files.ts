import { Readable } from 'node:stream';
import type { Locale } from '#shared/i18n/locales';
import type { Certificate } from '#shared/schemas/certificates';
import { certificateKey } from '../../lib/certificate-keys';
import { renderCertificatePdf } from '../../lib/certificate-pdf';
import type { GetObjectResult, ObjectStore } from '../../lib/object-store/object-store';

/*
 * A certificate never changes (names of the day of issue, kept on its row), so its PDF is drawn once
 * per language (the student's saved one when downloaded) and kept in the object store; every download
 * after the first in that language serves the kept bytes. The drawing
 * is deterministic (certificate-pdf.ts), so instances that draw the same certificate at the same
 * moment store the same bytes, and whichever put lands last changes nothing.
 */

/** A certificate page is about 30 KB; anything near this is a bug, not a certificate. */
const MAX_PDF_BYTES = 2 * 1024 * 1024;

export function createCertificateFiles(store: ObjectStore) {
  /** Drawings under way in this process, by key: concurrent first downloads share one. */
  const drawing = new Map<string, Promise<void>>();

  async function draw(certificate: Certificate, verifyUrl: string, locale: Locale): Promise<void> {
    const key = certificateKey(certificate.id, locale);
    // A download that found nothing may arrive after another drawing has finished and stored it.
    if (await store.stat(key)) return;
    const pdf = await renderCertificatePdf({ ...certificate, issuedAt: new Date(certificate.issuedAt), verifyUrl, locale });
    await store.put({ key, body: Readable.from([Buffer.from(pdf)]), contentType: 'application/pdf', maxBytes: MAX_PDF_BYTES });
  }

  function drawOnce(certificate: Certificate, verifyUrl: string, locale: Locale): Promise<void> {
    const key = certificateKey(certificate.id, locale);
    let pending = drawing.get(key);
    if (!pending) {
      pending = draw(certificate, verifyUrl, locale).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  }

  return {
    /** The kept PDF (drawn and stored first if it is not there yet); the caller consumes or destroys its body. */
    async open({
      certificate,
      verifyUrl,
      locale,
    }: {
      certificate: Certificate;
      verifyUrl: string;
      locale: Locale;
    }): Promise<GetObjectResult> {
      const key = certificateKey(certificate.id, locale);
      const kept = await store.get({ key });
      if (kept) return kept;
      await drawOnce(certificate, verifyUrl, locale);
      const drawn = await store.get({ key });
      if (!drawn) throw new Error(`certificate ${certificate.id}: its PDF is not in the store after it was stored`);
      return drawn;
    },
  };
}
