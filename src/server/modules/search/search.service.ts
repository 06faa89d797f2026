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

/** Words of at most this many letters each, at most this many words: a query's cost stays bounded. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
const MAX_FUZZY_LENGTH = 80;

/**
 * What the query's words find: each word stemmed ('networks' finds 'network') or as the start of a
 * word ('tokeniz' finds 'tokenization'), every word required but English stop words ('the', 'for'),
 * which are left out. Only letters and digits reach to_tsquery, so nothing typed is read as its syntax.
 */
function wordsQuery(q: string): SQL | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const terms = words.map((whole) => {
    const word = whole.slice(0, MAX_WORD_LENGTH);
    const stemmed = sql`to_tsquery('english', ${word})`;
    return sql`(CASE WHEN numnode(${stemmed}) = 0 THEN ${stemmed} ELSE ${stemmed} || to_tsquery('simple', ${`${word}:*`}) END)`;
  });
  // Parenthesized: in `document @@ a && b`, PostgreSQL would read `(document @@ a) && b`.
  return sql`(${sql.join(terms, sql` && `)})`;
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
const RELEVANCE_PLAN: SortPlan = { keys: [{ expr: sql`m.rank`, type: 'real' }], direction: 'desc' };

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
  return to === null ? sql`m.minutes >= ${from}` : sql`m.minutes >= ${from} AND m.minutes < ${to}`;
}

/**
 * GET /api/courses/search (DECISIONS §8): published courses found by words (title weighted highest,
 * then the creator's name, module and slide titles, the description) or, for typos, by the title's
 * trigrams, filtered and ordered, a page at a time; with the total and each filter value's count.
 */
export async function searchCourses(db: Db, query: CourseSearchQuery): Promise<CourseSearchResult> {
  const words = wordsQuery(query.q);
  const sort: SearchSort = query.sort ?? (words ? 'relevance' : 'popular');
  // Without words there is nothing to be relevant to: the marketplace's own order.
  const plan = sort === 'relevance' ? (words ? RELEVANCE_PLAN : SORT_PLANS.popular) : SORT_PLANS[sort];
  const cursor = decodeCursor(query.cursor, sort, plan);
  // A title is a few words: a longer query adds trigrams to look up, not matches.
  const fuzzy = query.q.slice(0, MAX_FUZZY_LENGTH);

  // The courses the words find, with their relevance and minutes (course_search, migration 0021);
  // without words, only a duration filter needs that table.
  const matched = words
    ? sql`(SELECT cs.course_id, cs.minutes,
          ts_rank('{0.05, 0.2, 0.4, 1.0}', cs.document, ${words})
            + word_similarity(${fuzzy}, cs.title) AS rank
        FROM course_search cs
        WHERE cs.document @@ ${words} OR ${fuzzy} <% cs.title) AS m`
    : query.duration
      ? sql`(SELECT cs.course_id, cs.minutes FROM course_search cs) AS m`
      : undefined;

  // The filters each facet keeps: all but its own, so a count says what choosing that value would find.
  const common: SQL[] = [eq(courses.published, true), eq(courses.archived, false)];
  if (query.minPrice) common.push(sql`${courses.priceCents} >= ${cents(query.minPrice)}`);
  if (query.maxPrice) common.push(sql`${courses.priceCents} <= ${cents(query.maxPrice)}`);
  if (query.minRating !== undefined) common.push(sql`${courses.ratingAverage} >= ${query.minRating}`);
  if (query.duration) common.push(durationFilter(query.duration));
  const byDifficulty = query.difficulty ? eq(courses.difficulty, query.difficulty) : sql`true`;
  const byPrice =
    query.price === undefined
      ? sql`true`
      : query.price === 'free'
        ? sql`${courses.priceCents} = 0`
        : sql`${courses.priceCents} > 0`;
  const where = (extra: SQL[]) => sql.join([...common, ...extra], sql` AND `);
  const from = matched ? sql`${courses} JOIN ${matched} ON m.course_id = ${courses.id}` : sql`${courses}`;

  const keyExprs = [...plan.keys.map((key) => key.expr), sql`${courses.id}`];
  const keyset = cursor
    ? [
        sql`(${sql.join(keyExprs, sql`, `)}) ${plan.direction === 'asc' ? sql`>` : sql`<`} (${sql.join(
          [...plan.keys.map((key, index) => sql`${cursor.keys[index]}::${sql.raw(key.type)}`), sql`${cursor.id}::uuid`],
          sql`, `,
        )})`,
      ]
    : [];
  const direction = plan.direction === 'asc' ? sql`ASC` : sql`DESC`;

  const select = db
    .select({
      ...getTableColumns(courses),
      creatorName: users.name,
      // The order's keys as the database writes them, for the next page's cursor: exact, unlike a JS number or Date.
      sortKey: sql<string[]>`ARRAY[${sql.join(
        plan.keys.map((key) => sql`(${key.expr})::text`),
        sql`, `,
      )}]`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .$dynamic();
  const [rows, groups] = await Promise.all([
    (matched ? select.innerJoin(matched, sql`m.course_id = ${courses.id}`) : select)
      .where(where([byDifficulty, byPrice, ...keyset]))
      .orderBy(...keyExprs.map((expr) => sql`${expr} ${direction}`))
      .limit(query.limit + 1),
    sqlRows<{ difficulty: Difficulty; free: boolean; count: number }>(
      db,
      sql`SELECT ${courses.difficulty} AS difficulty, ${courses.priceCents} = 0 AS free, count(*)::int AS count
        FROM ${from}
        WHERE ${where([])}
        GROUP BY 1, 2`,
    ),
  ]);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toCourseJson({ ...row, description: sanitizeStoredRichText(row.description) })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ sort, keys: last.sortKey, id: last.id }) : null,
    ...countGroups(groups, query),
  };
}

function countGroups(
  groups: { difficulty: Difficulty; free: boolean; count: number }[],
  query: CourseSearchQuery,
): Pick<CourseSearchResult, 'total' | 'facets'> {
  const difficulty = Object.fromEntries(difficulties.map((level) => [level, 0])) as Record<Difficulty, number>;
  const price = { free: 0, paid: 0 };
  let total = 0;
  for (const group of groups) {
    const kind = group.free ? 'free' : 'paid';
    const difficultyKept = query.difficulty === undefined || group.difficulty === query.difficulty;
    const priceKept = query.price === undefined || query.price === kind;
    if (priceKept) difficulty[group.difficulty] += group.count;
    if (difficultyKept) price[kind] += group.count;
    if (priceKept && difficultyKept) total += group.count;
  }
  return { total, facets: { difficulty, price } };
}
