import type { PacingRule, PartLock } from '#shared/schemas/pacing';
import type { CourseAccess } from './course-access';
import { jsonArray, withJsonFields } from './json-bytes';
import { memoized } from './memo';
import { isPaced, learnerPacing, partLock } from './pacing';
import { type PreparedJson, prepareJsonBytes } from './prepared-json';
import type { ReadCache } from './read-cache/read-cache';

const OPEN: PartLock = { locked: false, unlocksAt: null };
/** Each outline item serialized on its own, once per cached outline, for the per-item overlay. */
const itemBytes = new WeakMap<readonly PacingRule[], Buffer[]>();
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
  const bytes = memoized(itemBytes, items, () => items.map((item) => Buffer.from(JSON.stringify(item))));
  const learner = items.some(isPaced) ? await learnerPacing(reads, access.course, userId) : null;
  const locks = learner ? items.map((item) => partLock(item, learner.enrolledAt, learner.passedQuizzes, now)) : [];
  if (!locks.some((lock) => lock.locked)) {
    return memoized(allOpen, shared, () => prepareJsonBytes(jsonArray(bytes.map((item) => withJsonFields(item, OPEN)))));
  }
  return prepareJsonBytes(jsonArray(bytes.map((item, index) => withJsonFields(item, locks[index] ?? OPEN))));
}
