import { type CourseProgressCounts, DEFAULT_VIDEO_COMPLETE_PERCENT } from '#shared/schemas/learning';
import { memoized } from './memo';
import { type PreparedJson, prepareJson } from './prepared-json';
import { courseProgressOf, type LearnerRecord } from './progress';
import type { CourseDoc, ReadCache } from './read-cache/read-cache';

export type PreparedProgress = { progress: CourseProgressCounts; json: PreparedJson };

type Made = { progress: CourseProgressCounts; json: Map<number, PreparedJson> };

/**
 * Worked out once per (learner record, course document). The read cache replaces both, never changes
 * them, so the same pair always gives the same progress; entries go with either object. The answer's
 * bytes also carry the configured video share: one per process, but tests run apps with others.
 */
const made = new WeakMap<LearnerRecord, WeakMap<CourseDoc, Made>>();

/**
 * A learner's progress in a course (docs/product.md, Learning), from their cached record and the course's cached
 * outline: query-free once both are held; null when there is no such course.
 */
export async function readCourseProgress({
  reads,
  userId,
  courseId,
  videoCompletePercent = DEFAULT_VIDEO_COMPLETE_PERCENT,
}: {
  reads: ReadCache;
  userId: string;
  courseId: string;
  videoCompletePercent?: number;
}): Promise<PreparedProgress | null> {
  const [record, doc] = await Promise.all([reads.learnerRecord(userId), reads.course(courseId)]);
  if (!doc) return null;
  const ofRecord = memoized(made, record, () => new WeakMap<CourseDoc, Made>());
  const entry = memoized(ofRecord, doc, (): Made => ({ progress: courseProgressOf(doc, record), json: new Map() }));
  const json = memoized(entry.json, videoCompletePercent, () => prepareJson({ ...entry.progress, videoCompletePercent }));
  return { progress: entry.progress, json };
}
