import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses, users } from '#db/schema/index';
import { type DurationBand, durationBandMinutes, type SearchSort } from '#shared/course-search';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { type Difficulty, difficulties } from '#shared/lists';
import type { CourseSearchQuery, CourseSearchResult } from '#shared/schemas/search';
import { AppError } from '../../errors';
import { toCourseJson } from '../../lib/course-json';
import { sanitizeStoredRichText } from '../../lib/rich-text';
import { sqlRows } from '../../lib/sql-rows';
import { withCorrections } from './typos';

/** Words of at most this many letters each, at most this many words: a query's cost stays bounded. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The query's words, lowercased: runs of letters and digits, joined by inner hyphens and dots as the
 * document's parser joins them ('gpt-4' is indexed as 'gpt' and '-4', '3.5' as one word), so such a
 * word is looked up as written. Nothing else typed reaches the text search, so nothing is read as syntax.
 */
function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*/gu) ?? [])
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH).replace(/[.-]+$/, ''));
}

/**
 * What one spelling of a word finds, in the fields of `weights` (the document's A title, B instructor,
 * C module and slide titles, D description; '' for all): the word stemmed ('networks' finds 'network')
 * or as the start of a word ('tokeniz' finds 'tokenization'); nothing for an English stop word ('the',
 * 'for'), which is left out.
 */
function spellingQuery(spelling: string, weights: '' | 'A' | 'ABC'): SQL {
  const stemmed = sql`to_tsquery('english', ${weights ? `${spelling}:${weights}` : spelling})`;
  return sql`(CASE WHEN numnode(${stemmed}) = 0 THEN ${stemmed} ELSE ${stemmed} || to_tsquery('simple', ${`${spelling}:*${weights}`}) END)`;
}

/** Every word required, each in any of its spellings (as typed, or corrected: ADR 0046). */
function wordsQuery(words: string[][], weights: '' | 'A' | 'ABC'): SQL {
  const terms = words.map(
    (spellings) =>
      sql`(${sql.join(
        spellings.map((spelling) => spellingQuery(spelling, weights)),
        sql` || `,
      )})`,
  );
  // Parenthesized: in `document @@ a && b`, PostgreSQL would read `(document @@ a) && b`.
  return sql`(${sql.join(terms, sql` && `)})::text`;
}

type Words = { all: string; outline: string; title: string };

/**
 * The words as text-search queries, written out by the database first: a constant in the search's
 * statements, whose planner then knows how many courses each word is in (a function call it would
 * have to guess). Null without words, or with stop words only.
 */
async function readWords(db: Db, words: string[][]): Promise<Words | null> {
  if (words.length === 0) return null;
  const [read] = await sqlRows<Words>(
    db,
    sql`SELECT ${wordsQuery(words, '')} AS "all", ${wordsQuery(words, 'ABC')} AS outline, ${wordsQuery(words, 'A')} AS title`,
  );
  return read && read.all !== '' ? read : null;
}

/**
 * The words with their corrections (ADR 0046), when the words as typed found nothing: each word of 5
 * letters or more also as the catalogue's words within one typo of it, two from 9 letters. Null when
 * no word has a correction.
 */
async function readCorrectedWords(db: Db, typed: string[]): Promise<Words | null> {
  const spellings = await withCorrections(db, typed);
  return spellings.some((word) => word.length > 1) ? readWords(db, spellings) : null;
}

type Tier = 3 | 2 | 1;
const TIERS: Tier[] = [3, 2, 1];
type Tiers = { matches: SQL; tier: SQL; only: Partial<Record<Tier, SQL>> };

/**
 * How well a course matches, best first: 3 when every word is in its title, 2 in its title,
 * instructor, module and slide titles, 1 anywhere (the description too). Each tier is its own
 * condition, so a page can be read tier by tier along an index.
 */
function wordTiers(words: Words): Tiers {
  const inTitle = sql`cs.document @@ ${words.title}::tsquery`;
  const inOutline = sql`cs.document @@ ${words.outline}::tsquery`;
  return {
    matches: sql`cs.document @@ ${words.all}::tsquery`,
    tier: sql`(CASE WHEN ${inTitle} THEN 3 WHEN ${inOutline} THEN 2 ELSE 1 END)`,
    only: { 3: inTitle, 2: sql`${inOutline} AND NOT ${inTitle}`, 1: sql`NOT ${inOutline}` },
  };
}

type SortKeyType = 'real' | 'integer' | 'timestamptz';
type SortPlan = { keys: { expr: SQL; type: SortKeyType }[]; direction: 'asc' | 'desc' };

const createdAt = { expr: sql`${courses.createdAt}`, type: 'timestamptz' } as const;

/** Each order's keys, then the course id, all one way, so a page ends at one row of the order (keyset). */
const SORT_PLANS: Record<Exclude<SearchSort, 'relevance'>, SortPlan> = {
  popular: { keys: [{ expr: sql`${courses.studentCount}`, type: 'integer' }, createdAt], direction: 'desc' },
  rating: {
    keys: [
      { expr: sql`coalesce(${courses.ratingAverage}, 0)`, type: 'real' },
      { expr: sql`${courses.ratingCount}`, type: 'integer' },
    ],
    direction: 'desc',
  },
  newest: { keys: [createdAt], direction: 'desc' },
  price_asc: { keys: [{ expr: sql`${courses.priceCents}`, type: 'integer' }], direction: 'asc' },
  price_desc: { keys: [{ expr: sql`${courses.priceCents}`, type: 'integer' }], direction: 'desc' },
};
/** The tier (wordTiers), then the marketplace's own order within it. */
const relevancePlan = (tier: SQL): SortPlan => ({
  keys: [{ expr: tier, type: 'integer' }, ...SORT_PLANS.popular.keys],
  direction: 'desc',
});

/** A key as the database writes it as text; anything else in a cursor is refused before it reaches SQL. */
const KEY_PATTERNS: Record<SortKeyType, RegExp> = {
  real: /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i,
  integer: /^-?\d{1,10}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
};

type Cursor = { sort: SearchSort; keys: string[]; id: string };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(value: string | undefined, sort: SearchSort, plan: SortPlan): Cursor | null {
  if (value === undefined) return null;
  const invalid = () => new AppError(ErrorCode.BAD_REQUEST, 'Invalid cursor');
  let parsed: Partial<Cursor>;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) ?? {};
  } catch {
    throw invalid();
  }
  const { keys, id } = parsed;
  // A cursor belongs to one order: another order's keys would land the page anywhere.
  if (parsed.sort !== sort || typeof id !== 'string' || !isUuid(id) || !Array.isArray(keys)) throw invalid();
  if (keys.length !== plan.keys.length) throw invalid();
  plan.keys.forEach((key, index) => {
    const text = keys[index];
    if (typeof text !== 'string' || !KEY_PATTERNS[key.type].test(text)) throw invalid();
  });
  return { sort, keys: keys as string[], id };
}

const cents = (dollars: string) => Math.round(Number(dollars) * 100);

function durationFilter(band: DurationBand): SQL {
  const [from, to] = durationBandMinutes[band];
  return to === null ? sql`cs.minutes >= ${from}` : sql`cs.minutes >= ${from} AND cs.minutes < ${to}`;
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCourses>['execute']>>[number];

/** Published courses with their instructor's name and the order's keys as the database writes them. */
function selectCourses(db: Db, keys: SQL[], withDocument: boolean) {
  const select = db
    .select({
      ...getTableColumns(courses),
      creatorName: users.name,
      // For the next page's cursor: exact, unlike a JS number or Date.
      sortKey: sql<string[]>`ARRAY[${sql.join(
        keys.map((key) => sql`(${key})::text`),
        sql`, `,
      )}]`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .$dynamic();
  return withDocument ? select.innerJoin(sql`course_search cs`, sql`cs.course_id = ${courses.id}`) : select;
}

/** `(keys…, id) < (cursor…)` in the plan's direction: the rows after the cursor. */
function after(plan: SortPlan, keys: string[], id: string): SQL {
  const exprs = [...plan.keys.map((key) => key.expr), sql`${courses.id}`];
  const values = [...plan.keys.map((key, index) => sql`${keys[index]}::${sql.raw(key.type)}`), sql`${id}::uuid`];
  return sql`(${sql.join(exprs, sql`, `)}) ${plan.direction === 'asc' ? sql`>` : sql`<`} (${sql.join(values, sql`, `)})`;
}

const orderBy = (plan: SortPlan) => {
  const direction = plan.direction === 'asc' ? sql`ASC` : sql`DESC`;
  return [...plan.keys.map((key) => key.expr), sql`${courses.id}`].map((expr) => sql`${expr} ${direction}`);
};

/**
 * GET /api/courses/search (docs/product.md, "Search"): published courses found by words (best in the
 * title, then the instructor, module and slide titles, then the description; a word of 5 letters or
 * more despite a typo, ADR 0046), filtered and ordered, a page at a time; with the total and each
 * filter value's count.
 *
 * Its cost is bounded by `countLimit`, not by the catalogue (docs/performance.md, Search at scale). The counts
 * read at most that many courses. When they find fewer, the page is sorted from those; when more, the matches
 * are many, so the page is read along the order's index (each relevance tier in turn) and stops when full, and
 * the counts say they are lower bounds (`exact: false`).
 */
export async function searchCourses(
  db: Db,
  query: CourseSearchQuery,
  { countLimit }: { countLimit: number },
): Promise<CourseSearchResult> {
  const typed = queryWords(query.q);
  const words = await readWords(
    db,
    typed.map((word) => [word]),
  );
  const sort: SearchSort = query.sort ?? (words ? 'relevance' : 'popular');
  // Without words there is nothing to be relevant to: the marketplace's own order.
  const planOf = (tiers: Tiers | null) =>
    sort === 'relevance' ? (tiers ? relevancePlan(tiers.tier) : SORT_PLANS.popular) : SORT_PLANS[sort];
  const cursor = decodeCursor(query.cursor, sort, planOf(words ? wordTiers(words) : null));
  // The course_search row (migration 0021) holds the words and the minutes.
  const withDocument = Boolean(words || query.duration);

  // The filters each facet keeps: all but its own, so a count says what choosing that value would find.
  const commonOf = (tiers: Tiers | null) => {
    const common: SQL[] = [eq(courses.published, true), eq(courses.archived, false)];
    if (tiers) common.push(tiers.matches);
    if (query.minPrice) common.push(sql`${courses.priceCents} >= ${cents(query.minPrice)}`);
    if (query.maxPrice) common.push(sql`${courses.priceCents} <= ${cents(query.maxPrice)}`);
    if (query.minRating !== undefined) common.push(sql`${courses.ratingAverage} >= ${query.minRating}`);
    if (query.duration) common.push(durationFilter(query.duration));
    return common;
  };
  const countOf = (common: SQL[]) =>
    sqlRows<CountGroup>(
      db,
      sql`SELECT difficulty, free, language, count(*)::int AS count FROM (
          SELECT ${courses.difficulty} AS difficulty, ${courses.priceCents} = 0 AS free, ${courses.language} AS language
          FROM ${courses}${withDocument ? sql` JOIN course_search cs ON cs.course_id = ${courses.id}` : sql``}
          WHERE ${sql.join(common, sql` AND `)}
          LIMIT ${countLimit}) AS counted
        GROUP BY 1, 2, 3`,
    );

  let tiers = words ? wordTiers(words) : null;
  let common = commonOf(tiers);
  let groups = await countOf(common);
  // Typos only when the words as typed find nothing: then every course found holds a corrected word.
  const corrected = words && groups.length === 0 ? await readCorrectedWords(db, typed) : null;
  if (corrected) {
    tiers = wordTiers(corrected);
    common = commonOf(tiers);
    groups = await countOf(common);
  }
  const exact = groups.reduce((sum, group) => sum + group.count, 0) < countLimit;

  const filters = [...common];
  if (query.difficulty) filters.push(eq(courses.difficulty, query.difficulty));
  if (query.price === 'free') filters.push(sql`${courses.priceCents} = 0`);
  if (query.price === 'paid') filters.push(sql`${courses.priceCents} > 0`);
  if (query.language) filters.push(eq(courses.language, query.language));

  const limit = query.limit + 1;
  let rows: Row[] = [];
  if (exact || sort !== 'relevance' || !tiers) {
    // One statement: few matches to sort, or an index in the order to walk.
    const plan = planOf(tiers);
    const keyset = cursor ? [after(plan, cursor.keys, cursor.id)] : [];
    rows = await selectCourses(
      db,
      plan.keys.map((key) => key.expr),
      withDocument,
    )
      .where(sql.join([...filters, ...keyset], sql` AND `))
      .orderBy(...orderBy(plan))
      .limit(limit);
  } else {
    // Many matches by relevance: the best tier first, each read along the popular order's index.
    const popular = SORT_PLANS.popular;
    const cursorTier = cursor ? Number(cursor.keys[0]) : Number.POSITIVE_INFINITY;
    for (const tier of TIERS) {
      const only = tiers.only[tier];
      if (!only || tier > cursorTier || rows.length >= limit) continue;
      const keyset = cursor && tier === cursorTier ? [after(popular, cursor.keys.slice(1), cursor.id)] : [];
      rows.push(
        ...(await selectCourses(db, [sql.raw(String(tier)), ...popular.keys.map((key) => key.expr)], true)
          .where(sql.join([...filters, only, ...keyset], sql` AND `))
          .orderBy(...orderBy(popular))
          .limit(limit - rows.length)),
      );
    }
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toCourseJson({ ...row, description: sanitizeStoredRichText(row.description) })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort, keys: last.sortKey, id: last.id }) : null,
    ...countGroups(groups, query),
    exact,
  };
}

type CountGroup = { difficulty: Difficulty; free: boolean; language: string; count: number };

function countGroups(groups: CountGroup[], query: CourseSearchQuery): Pick<CourseSearchResult, 'total' | 'facets'> {
  const difficulty = Object.fromEntries(difficulties.map((level) => [level, 0])) as Record<Difficulty, number>;
  const price = { free: 0, paid: 0 };
  // Only the languages the courses found are taught in: the tags are open-ended.
  const language: Record<string, number> = {};
  let total = 0;
  for (const group of groups) {
    const kind = group.free ? 'free' : 'paid';
    const difficultyKept = query.difficulty === undefined || group.difficulty === query.difficulty;
    const priceKept = query.price === undefined || query.price === kind;
    const languageKept = query.language === undefined || group.language === query.language;
    if (priceKept && languageKept) difficulty[group.difficulty] += group.count;
    if (difficultyKept && languageKept) price[kind] += group.count;
    if (difficultyKept && priceKept) language[group.language] = (language[group.language] ?? 0) + group.count;
    if (priceKept && difficultyKept && languageKept) total += group.count;
  }
  return { total, facets: { difficulty, price, language } };
}
