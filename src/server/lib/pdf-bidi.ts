import reshaper from 'arabic-persian-reshaper';
import bidiFactory from 'bidi-js';

/*
 * Right-to-left text for the PDFs (receipts, certificates): pdf-lib draws glyphs left to right as
 * given and does not join Arabic letters, so a line is joined (arabic-persian-reshaper, MIT: each letter's
 * presentation form) and put in visual order (bidi-js: the Unicode bidirectional algorithm, with
 * mirrored brackets) before it is drawn. Text without a right-to-left letter is drawn as it is.
 */

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** Marks that only steer the algorithm (Intl puts some in Arabic dates and amounts); the fonts draw them as boxes. */
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SCRIPTLESS = /[\p{Script=Common}\p{Script=Inherited}]/u;
const RIGHT_TO_LEFT_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

let bidi: ReturnType<typeof bidiFactory> | undefined;

export const hasRightToLeft = (text: string) => RIGHT_TO_LEFT.test(text);

/**
 * `text` as pdf-lib must be given it to show it right: joined and in visual order. `direction` is the
 * paragraph's: a document in Arabic says 'rtl'; a name or title on its own is judged by its first letter.
 */
export function visualText(text: string, direction: 'rtl' | 'auto' = 'auto'): string {
  if (!hasRightToLeft(text)) return text.replace(BIDI_MARKS, '');
  bidi ??= bidiFactory();
  // The shaper writes a final alef maksura as Farsi yeh's final form: the same shape, which the fonts
  // may lack; Arabic's own forms are drawn instead.
  const joined = reshaper.ArabicShaper.convertArabic(text).replaceAll('\ufbfc', '\ufeef').replaceAll('\ufbfd', '\ufef0');
  const levels = bidi.getEmbeddingLevels(joined, direction === 'rtl' ? 'rtl' : undefined);
  const visual = bidi.getReorderedString(joined, levels).replace(BIDI_MARKS, '');
  // fontkit (which lays out pdf-lib's text) reverses a whole line whose first letter is Arabic or
  // Hebrew, reordering nothing else; such a line is handed over reversed, so its reversal undoes it.
  const firstLetter = Array.from(visual).find((character) => !SCRIPTLESS.test(character));
  return firstLetter && RIGHT_TO_LEFT_SCRIPT.test(firstLetter) ? Array.from(visual).reverse().join('') : visual;
}
