/**
 * What a captions upload must be (docs/product.md, Video): UTF-8 text that begins as the WebVTT
 * standard says a file must, "WEBVTT" (after an optional byte-order mark) followed by the end of the
 * line, a space or a tab. A browser ignores a <track> that does not, so a creator learns it at the
 * upload rather than from learners who see no captions. The cues themselves are the browser's to read.
 */
export class WebVttFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebVttFormatError';
  }
}

const SIGNATURE = Buffer.from('WEBVTT');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const SEPARATORS = new Set([0x0a, 0x0d, 0x20, 0x09]);

export function assertWebVtt(bytes: Buffer): void {
  const body = bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes;
  const after = body[SIGNATURE.length];
  if (!body.subarray(0, SIGNATURE.length).equals(SIGNATURE) || (after !== undefined && !SEPARATORS.has(after))) {
    throw new WebVttFormatError('The file is not WebVTT: it must start with the line WEBVTT');
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new WebVttFormatError('The file is not WebVTT: it must be UTF-8 text');
  }
}
