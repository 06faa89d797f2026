import { type CourseProgressCounts, DEFAULT_VIDEO_COMPLETE_PERCENT } from '#shared/schemas/learning';
import { memoized } from './memo';
import { type PreparedJson, prepareJson } from './prepared-json';
import { courseProgressOf, type LearnerRecord } from './progress';
import type { CourseDoc, ReadCache } from './read-cache/read-cache';

export type PreparedProgress = { progress: CourseProgressCounts; json: PreparedJson };

const NO_POSITIONS: ReadonlyMap<string, number> = new Map();

/**
 * The progress answer: each slide with where the learner stopped in its video (docs/product.md,
 * Video). Positions are the learner's own and change every few seconds, so they are merged per
 * request into the cached progress (ADR 0058); a learner without any shares the cached bytes.
 */
export function progressJson(
  progress: CourseProgressCounts,
  videoCompletePercent: number,
  positions: ReadonlyMap<string, number>,
): PreparedJson {
  const lessons = progress.lessons.map((lesson) => ({ ...lesson, positionSeconds: positions.get(lesson.lessonId) ?? null }));
  return prepareJson({ ...progress, lessons, videoCompletePercent });
}

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
  const json = memoized(entry.json, videoCompletePercent, () => progressJson(entry.progress, videoCompletePercent, NO_POSITIONS));
  return { progress: entry.progress, json };
}
