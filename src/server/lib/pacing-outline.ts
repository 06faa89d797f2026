import type { PacingRule, PartLock } from '#shared/schemas/pacing';
import type { CourseAccess } from './course-access';
import { memoized } from './memo';
import { isPaced, learnerPacing, partLock } from './pacing';
import { type PreparedJson, prepareJsonBytes } from './prepared-json';
import type { ReadCache } from './read-cache/read-cache';

const OPEN: PartLock = { locked: false, unlocksAt: null };
/** Each outline item serialized on its own without its closing brace, once per cached outline. */
const itemHeads = new WeakMap<readonly PacingRule[], Buffer[]>();
const OPEN_TAIL = Buffer.from(`,${JSON.stringify(OPEN).slice(1)}`);
const [START, COMMA, END] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];
/** The outline with every item open: what most enrolled students get, made once per cached outline. */
const allOpen = new WeakMap<PreparedJson, PreparedJson>();

/**
 * A course's modules or quizzes as the caller gets them (ADR 0048, per item; ADR 0056): the shared
 * bytes for guests, students not enrolled and the owner; for an enrolled student every item gains
 * `locked` and `unlocksAt`. Only a student with a locked item gets bytes of their own.
 */
export async function outlineForCaller({
  reads,
  access,
  userId,
  items,
  shared,
  now,
}: {
  reads: ReadCache;
  access: CourseAccess;
  userId: string | undefined;
  items: readonly PacingRule[];
  shared: PreparedJson;
  now: number;
}): Promise<PreparedJson> {
  if (access.level !== 'enrolled' || userId === undefined) return shared;
  const heads = memoized(itemHeads, items, () =>
    items.map((item) => {
      const bytes = Buffer.from(JSON.stringify(item));
      return bytes.subarray(0, bytes.length - 1);
    }),
  );
  const learner = items.some(isPaced) ? await learnerPacing(reads, access.course, userId) : null;
  const locks = learner ? items.map((item) => partLock(item, learner.enrolledAt, learner.passedQuizzes, now)) : [];
  if (!locks.some((lock) => lock.locked)) return memoized(allOpen, shared, () => prepareJsonBytes(withLocks(heads, [])));
  return prepareJsonBytes(withLocks(heads, locks));
}

/** `[item,item,…]` with each item's lock as its last two fields: one concatenation, nothing parsed. */
function withLocks(heads: readonly Buffer[], locks: readonly PartLock[]): Buffer {
  const parts: Buffer[] = [START];
  heads.forEach((head, index) => {
    const lock = locks[index] ?? OPEN;
    if (index > 0) parts.push(COMMA);
    parts.push(head, lock.locked ? Buffer.from(`,${JSON.stringify(lock).slice(1)}`) : OPEN_TAIL);
  });
  parts.push(END);
  return Buffer.concat(parts);
}
