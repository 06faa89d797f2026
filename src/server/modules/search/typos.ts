import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { sqlRows } from '../../lib/sql-rows';

/**
 * Typo tolerance (ADR 0046): how many typos a query word may hold, by its length, as dedicated search
 * engines set it (Typesense's and Meilisearch's defaults): none under 5 letters, one from 5, two from 9.
 */
export function typosAllowed(word: string): 0 | 1 | 2 {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The optimal string alignment distance (Damerau–Levenshtein with adjacent swaps, no letter edited
 * twice): letters inserted, deleted, substituted, or two neighbours swapped, each one typo. Above
 * `max`, the answer is only known to be more than `max`.
 */
export function typoDistance(typed: string, word: string, max: number): number {
  const a = [...typed];
  const b = [...word];
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the table: the row before the previous one is what a swap reads.
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    // Every later cell is at least the best of this row.
    if (best > max) return max + 1;
    beforePrevious = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/** Windows per word at most: a long word's windows are wider, not more (the statement stays small). */
const MAX_WINDOWS = 8;

/**
 * LIKE patterns that every word within `typos` typos of `word` matches: the word with a `%` in place
 * of each typo's letters. A typo changes at most two neighbouring letters (a swap), so the word is cut
 * into windows that overlap by one letter, and each pattern replaces one window (one typo) or two (two
 * typos) by `%`. Its letters outside the windows are what the trigram index looks up. Words only of
 * letters and digits reach here, so nothing in them is LIKE syntax.
 */
export function typoPatterns(word: string, typos: 1 | 2): string[] {
  const letters = [...word];
  const step = Math.ceil(letters.length / MAX_WINDOWS);
  const starts: number[] = [];
  for (let start = 0; start < letters.length; start += step) starts.push(start);
  const end = (start: number) => Math.min(letters.length, start + step + 1);
  const text = (from: number, to: number) => letters.slice(from, to).join('');
  const patterns = new Set<string>();
  for (const [index, first] of starts.entries()) {
    if (typos === 1) {
      patterns.add(`${text(0, first)}%${text(end(first), letters.length)}`);
      continue;
    }
    for (const second of starts.slice(index)) {
      patterns.add(
        // Windows that meet are one: a `%` matches any number of letters.
        second <= end(first)
          ? `${text(0, first)}%${text(end(second), letters.length)}`
          : `${text(0, first)}%${text(end(first), second)}%${text(end(second), letters.length)}`,
      );
    }
  }
  return [...patterns];
}

const SINGLE_WORD = /^[\p{L}\p{N}]+$/u;

/** Corrections per word at most, the commonest first: a query's text search stays small. */
const MAX_CORRECTIONS = 10;
/** Vocabulary rows a lookup reads at most, whatever the words (a cost bound, not a rule). */
const MAX_CANDIDATES = 500;

/**
 * Each query word with the words of the catalogue within its allowed typos (typosAllowed): one
 * statement over the vocabulary `course_search_words` keeps (words whose letters outside a typo's
 * window are the query word's, through its trigram index, and of a length within the typos), then the
 * exact distance here. A word under 5 letters, joined by a hyphen or dot, or with nothing close,
 * stands alone.
 */
export async function withCorrections(db: Db, words: string[]): Promise<string[][]> {
  // A word joined by a hyphen or dot ('gpt-4') is looked up as written: the vocabulary holds single words.
  const lookups = words.map((word) => ({ word, typos: SINGLE_WORD.test(word) ? typosAllowed(word) : 0 }));
  const patterns = lookups.flatMap(({ word, typos }) => (typos === 0 ? [] : typoPatterns(word, typos)));
  if (patterns.length === 0) return words.map((word) => [word]);
  const lengths = lookups
    .filter(({ typos }) => typos > 0)
    .map(({ word, typos }) => [[...word].length - typos, [...word].length + typos]);
  const shortest = Math.min(...lengths.map(([low]) => low as number));
  const longest = Math.max(...lengths.map(([, high]) => high as number));
  const candidates = await sqlRows<{ word: string; documents: number }>(
    db,
    sql`SELECT word, documents FROM course_search_words
        WHERE word LIKE ANY (${sql.param(patterns)}::text[]) AND length(word) BETWEEN ${shortest} AND ${longest}
        LIMIT ${MAX_CANDIDATES}`,
  );
  return lookups.map(({ word, typos }) => {
    const corrections = candidates
      .filter((candidate) => candidate.word !== word && SINGLE_WORD.test(candidate.word))
      .map((candidate) => ({ ...candidate, distance: typoDistance(word, candidate.word, typos) }))
      .filter((candidate) => candidate.distance <= typos)
      .sort((a, b) => a.distance - b.distance || b.documents - a.documents || (a.word < b.word ? -1 : 1))
      .slice(0, MAX_CORRECTIONS)
      .map((candidate) => candidate.word);
    return [word, ...corrections];
  });
}
