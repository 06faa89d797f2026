/** arabic-persian-reshaper ships no types: letters turned into their joined presentation forms, and back. */
declare module 'arabic-persian-reshaper' {
  type Shaper = { convertArabic(text: string): string; convertArabicBack(text: string): string };
  const reshaper: { ArabicShaper: Shaper; PersianShaper: Shaper };
  export default reshaper;
}
