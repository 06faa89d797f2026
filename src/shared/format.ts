/*
 * Other languages than English format with Intl, one formatter per language and kind, made on first use
 * (docs/product.md, Languages); English keeps the hand-written forms below, which spare a phone ICU's
 * start-up on the first render.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}
/**
 * An amount in a right-to-left language is one left-to-right run ("49.99 US$"): the page's direction
 * would otherwise carry the "$" to the other side of "US". Isolates (LRI … PDI) are invisible.
 */
const isolatedIfRightToLeft = (locale: string, text: string) => (locale.startsWith('ar') ? `\u2066${text}\u2069` : text);
const numberFormat = (locale: string) => cached(`n ${locale}`, () => new Intl.NumberFormat(locale));
const usdFormat = (locale: string) =>
  cached(`usd ${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }));
const dayFormat = (locale: string, utc: boolean) =>
  cached(
    `day ${locale} ${utc}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(utc ? { timeZone: 'UTC' } : {}) }),
  );

/** "19.99" -> "$19.99"; zero -> "Free" (English: other languages say it with their own word, src/web/lib/i18n/format.ts). */
export function formatPrice(price: string | number): string {
  const value = typeof price === 'number' ? price : Number.parseFloat(price);
  if (!Number.isFinite(value) || value === 0) return 'Free';
  return `$${value.toFixed(2)}`;
}

export function centsToPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

// Inline tags vanish without a gap ("<strong>data</strong>," stays "data,"); block tags become a space.
const INLINE_TAG = /<\/?(?:a|abbr|b|code|em|i|kbd|mark|q|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/** Plain text of stored HTML, for card excerpts and meta descriptions. */
export function stripTags(html: string): string {
  return html
    .replace(INLINE_TAG, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Tags that start a new line of text: paragraphs, headings, list items, quotes, rows. */
const BLOCK_TAG = /^(?:p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|table|section|article|header|footer|hr)$/;
const TAG_OR_TEXT = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>|<!--[\s\S]*?-->|([^<]+)|</gi;

/**
 * Stored HTML as plain lines, as the creator wrote them: one line per paragraph, heading and list item,
 * a line break where they broke one, "• " before a bullet and "1. " before a numbered item. For excerpts
 * that keep the shape of a blurb; the result is text (shown with `white-space: pre-line`), never HTML.
 */
export function htmlToPlainLines(html: string): string {
  const source = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const lists: { isOrdered: boolean; next: number }[] = [];
  const lines: string[] = [];
  let line = '';
  let marker = '';
  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) lines.push(text);
    line = '';
  };
  for (const [whole, closing, rawName, text] of source.matchAll(TAG_OR_TEXT)) {
    if (text !== undefined || whole === '<') {
      const words = decodeEntities(text ?? whole);
      if (!line && !words.trim()) continue;
      if (marker) {
        line = marker;
        marker = '';
      }
      line += words;
      continue;
    }
    const name = rawName?.toLowerCase() ?? '';
    if (name === 'br') endLine();
    else if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else lists.push({ isOrdered: name === 'ol', next: Number(/\bstart="?(\d+)/i.exec(whole)?.[1] ?? 1) });
      endLine();
    } else if (name === 'li') {
      endLine();
      if (!closing) {
        const list = lists.at(-1);
        marker = list?.isOrdered ? `${list.next++}. ` : lists.length > 1 ? '◦ ' : '• ';
      }
    } else if (BLOCK_TAG.test(name)) endLine();
  }
  endLine();
  return lines.join('\n');
}

/**
 * 1234567 -> "1,234,567", as en-US writes whole numbers. Not `toLocaleString`: its first call builds
 * ICU's number formatter, about 40 ms of a phone's main thread on the home page's first render.
 */
export function formatCount(count: number, locale = 'en'): string {
  if (locale !== 'en') return numberFormat(locale).format(count);
  if (!Number.isSafeInteger(count)) return String(count);
  const digits = String(Math.abs(count));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${grouped}` : grouped;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A day as en-US's medium date ("Nov 23, 2026"), in the reader's time zone, or in UTC where the reader's
 * is unknown (a page the server draws). Not `toLocaleDateString`, for the same reason as formatCount:
 * ICU's date formatter costs a phone ~100 ms to build on first use.
 */
export function formatDay(date: Date, { utc = false, locale = 'en' }: { utc?: boolean; locale?: string } = {}): string {
  if (locale !== 'en') return dayFormat(locale, utc).format(date);
  if (utc) return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 1234 -> "1,234 students"; 1 -> "1 student". */
export function formatStudentCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'student' : 'students'}`;
}

/** Average stars with one decimal ("4.5"), or null when the course has no ratings yet. */
export function formatRating(rating: number | null | undefined): string | null {
  return typeof rating === 'number' && Number.isFinite(rating) ? rating.toFixed(1) : null;
}

/**
 * The API's two-decimal USD string -> "$1,234.56" ("-$5.00" below zero; "$0.00", never "Free"), without
 * ICU for the same reason as formatCount. Anything that is not a number reads as $0.00.
 */
export function formatUsd(amount: string, locale = 'en'): string {
  const cents = Math.round(Number.parseFloat(amount) * 100);
  if (!Number.isSafeInteger(cents)) return locale === 'en' ? '$0.00' : usdFormat(locale).format(0);
  if (locale !== 'en') return isolatedIfRightToLeft(locale, usdFormat(locale).format(cents / 100));
  const whole = formatCount(Math.floor(Math.abs(cents) / 100));
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${whole}.${fraction}`;
}
