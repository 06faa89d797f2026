/** arabic-persian-reshaper ships no types: letters turned into their joined presentation forms, and back. */
declare module 'arabic-persian-reshaper' {
  type Shaper = { convertArabic(text: string): string; convertArabicBack(text: string): string };
  export const ArabicShaper: Shaper;
  export const PersianShaper: Shaper;
}
