import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/*
 * The text a PDF drawn with pdf-lib shows, read back the way a PDF reader copies it: each `Tj` of the
 * pages' content streams, decoded through its font's ToUnicode map (pdf-lib embeds fonts as
 * Identity-H subsets, so the glyph ids in the stream mean nothing without it).
 */

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const streamText = (stream: PDFRawStream) => latin1(decodePDFRawStream(stream).decode());

/** Glyph id (hex) → the text it stands for, from a ToUnicode CMap's bfchar and bfrange entries. */
function readCmap(cmap: string): Map<string, string> {
  const glyphs = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph = '', text = ''] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      glyphs.set(glyph.toLowerCase(), utf16(text));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from = '', to = '', text = ''] of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const first = Number.parseInt(from, 16);
      for (let glyph = first; glyph <= Number.parseInt(to, 16); glyph++) {
        glyphs.set(
          glyph.toString(16).padStart(from.length, '0'),
          utf16((Number.parseInt(text, 16) + glyph - first).toString(16).padStart(4, '0')),
        );
      }
    }
  }
  return glyphs;
}

/** Every `Tj` of every page, in drawing order: one entry per line the PDF draws. */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const toUnicode = pdf.context.lookup(ref, PDFDict).lookup(PDFName.of('ToUnicode'));
      if (toUnicode instanceof PDFRawStream) maps.set(name.toString(), readCmap(streamText(toUnicode)));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const content = streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map(streamText)
      .join('\n');
    let glyphs = new Map<string, string>();
    for (const [, font, hex] of content.matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (font !== undefined) glyphs = maps.get(font) ?? new Map();
      else lines.push((hex?.match(/.{4}/g) ?? []).map((glyph) => glyphs.get(glyph.toLowerCase()) ?? '\uFFFD').join(''));
    }
  }
  return lines;
}
