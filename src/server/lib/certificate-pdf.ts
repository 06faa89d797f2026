import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { fileNameSlug } from './file-name-slug';
import { pdfToolkit } from './pdf-toolkit';

/*
 * The certificate (docs/product.md, Certificates): student, course, date, id and the address that verifies it, on one
 * landscape A4 page, in the embedded DejaVu fonts (pdf-toolkit.ts).
 */

export type CertificateContent = {
  id: string;
  studentName: string;
  courseTitle: string;
  issuedAt: Date;
  verifyUrl: string;
};

const WIDTH = 841.89;
const HEIGHT = 595.28;

/** Centred text, shrunk until it fits `maxWidth`. */
function centred(
  page: PDFPage,
  text: string,
  { y, font, size, color, maxWidth = WIDTH - 160 }: { y: number; font: PDFFont; size: number; color: Color; maxWidth?: number },
) {
  let fitted = size;
  while (fitted > 8 && font.widthOfTextAtSize(text, fitted) > maxWidth) fitted -= 1;
  const width = font.widthOfTextAtSize(text, fitted);
  page.drawText(text, { x: (WIDTH - width) / 2, y, font, size: fitted, color });
}

export async function renderCertificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { PDFDocument, fontkit, fonts: bytes, colors } = await pdfToolkit();
  const { ink: INK, muted: MUTED, accent: ACCENT } = colors;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Certificate of Completion: ${content.courseTitle}`);
  pdf.setAuthor('Gradient Academy');
  pdf.setSubject(`${content.studentName} completed ${content.courseTitle}`);
  // Both dates fixed, and pdf-lib's font subset names come from a seeded generator: the same
  // certificate always gives the same bytes, so instances drawing it at once store the same file.
  pdf.setCreationDate(content.issuedAt);
  pdf.setModificationDate(content.issuedAt);
  const [serif, serifBold, sans] = await Promise.all([
    pdf.embedFont(bytes.serif, { subset: true }),
    pdf.embedFont(bytes.serifBold, { subset: true }),
    pdf.embedFont(bytes.sans, { subset: true }),
  ]);
  const page = pdf.addPage([WIDTH, HEIGHT]);

  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: ACCENT, borderWidth: 3 });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: WIDTH - 68,
    height: HEIGHT - 68,
    borderColor: ACCENT,
    borderWidth: 0.75,
    opacity: 0,
  });
  page.drawRectangle({ x: WIDTH / 2 - 60, y: HEIGHT - 112, width: 120, height: 3, color: ACCENT });

  centred(page, 'GRADIENT ACADEMY', { y: HEIGHT - 92, font: sans, size: 13, color: ACCENT });
  centred(page, 'Certificate of Completion', { y: HEIGHT - 170, font: serifBold, size: 36, color: INK });
  centred(page, 'This certifies that', { y: HEIGHT - 225, font: serif, size: 14, color: MUTED });
  centred(page, content.studentName, { y: HEIGHT - 280, font: serifBold, size: 34, color: INK });
  page.drawRectangle({ x: WIDTH / 2 - 200, y: HEIGHT - 296, width: 400, height: 0.75, color: MUTED });
  centred(page, 'has successfully completed the course', { y: HEIGHT - 330, font: serif, size: 14, color: MUTED });
  centred(page, content.courseTitle, { y: HEIGHT - 375, font: serifBold, size: 24, color: INK });

  const date = content.issuedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  centred(page, `Issued on ${date}`, { y: 150, font: sans, size: 12, color: INK });
  centred(page, `Certificate ID: ${content.id}`, { y: 112, font: sans, size: 10, color: MUTED });
  centred(page, `Verify at ${content.verifyUrl}`, { y: 94, font: sans, size: 10, color: MUTED });
  // Plain objects: the Info dictionary (title, subject) stays readable to simple tools and tests.
  return pdf.save({ useObjectStreams: false });
}

/** `certificate-{course-title-slug}.pdf` (docs/product.md, Certificates). */
export function certificateFileName(courseTitle: string): string {
  return `certificate-${fileNameSlug(courseTitle) || 'course'}.pdf`;
}
