import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/*
 * What the PDFs (certificates, receipts) are drawn with. DejaVu fonts are embedded (subset), so names
 * in Latin, Greek or Cyrillic script print as written; the standard PDF fonts know Western European
 * letters only. Only the sans faces have Arabic and Hebrew letters (pdf-bidi.ts): right-to-left text
 * is drawn in them.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  serif: 'dejavu-fonts-ttf/ttf/DejaVuSerif.ttf',
  serifBold: 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf',
  sans: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  sansBold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * pdf-lib, fontkit and the fonts, loaded with the first PDF: fontkit alone unpacks its
 * compressed tables when imported, work a server start need not do for a PDF it may never make.
 */
let toolkit: ReturnType<typeof loadToolkit> | undefined;
async function loadToolkit() {
  const [pdfLib, { default: fontkit }, fonts] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    Promise.all(
      (Object.keys(FONT_FILES) as FontName[]).map(
        async (name) => [name, await readFile(require.resolve(FONT_FILES[name]))] as const,
      ),
    ).then((entries) => Object.fromEntries(entries) as Record<FontName, Buffer>),
  ]);
  const { rgb } = pdfLib;
  return {
    PDFDocument: pdfLib.PDFDocument,
    fontkit,
    fonts,
    colors: { ink: rgb(0.1, 0.11, 0.2), muted: rgb(0.4, 0.42, 0.5), accent: rgb(0.39, 0.32, 0.94) },
  };
}

/** The toolkit, loaded once; a failed load is tried again by the next PDF, not remembered. */
export function pdfToolkit(): ReturnType<typeof loadToolkit> {
  toolkit ??= loadToolkit().catch((error: unknown) => {
    toolkit = undefined;
    throw error;
  });
  return toolkit;
}
