/** arabic-reshaper ships no types: letters turned into their joined presentation forms, and back. */
declare module 'arabic-reshaper' {
  const reshaper: { convertArabic(text: string): string; convertArabicBack(text: string): string };
  export default reshaper;
}
