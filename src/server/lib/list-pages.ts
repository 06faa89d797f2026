import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { AppError } from '../errors';

/*
 * Paging and searching of lists (the admin console's, a creator's payouts). A cursor is the sort key
 * of the page's last row, opaque to clients. Timestamps travel as microseconds since the epoch
 * (cursorTime), not as a JavaScript Date's milliseconds, so the next page starts exactly after the row
 * even when rows share a millisecond.
 */

type Part = 'time' | 'id' | 'count';

const isValid: Record<Part, (value: unknown) => boolean> = {
  // Up to year 2286: a bound no timestamp arithmetic overflows on.
  time: (value) => typeof value === 'string' && /^-?\d{1,16}$/.test(value),
  id: (value) => typeof value === 'string' && isUuid(value),
  count: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
};

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The values of a cursor of this shape; 400 for anything else. */
export function decodeCursor<const T extends readonly Part[]>(
  cursor: string,
  shape: T,
): { [K in keyof T]: T[K] extends 'count' ? number : string } {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (!Array.isArray(values) || values.length !== shape.length || !shape.every((part, index) => isValid[part](values[index]))) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'Invalid cursor');
  }
  return values as { [K in keyof T]: T[K] extends 'count' ? number : string };
}

/** The page of `limit` rows out of `limit + 1` read, and the cursor after it (null on the last page). */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (row: Row) => (string | number)[],
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = rows.length > limit ? page.at(-1) : undefined;
  return { items: page.map(toItem), nextCursor: last === undefined ? null : encodeCursor(cursorOf(last)) };
}

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A timestamp as the API writes it. */
export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A timestamp column as a cursor part: its microseconds since the epoch, as text. */
export function cursorTime(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
}

/** A cursor's time part as a timestamptz again, exactly. */
export function timeOfCursor(part: string): SQL {
  return sql`(timestamptz 'epoch' + ${part}::bigint * interval '1 microsecond')`;
}
