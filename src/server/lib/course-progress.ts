import type { CourseProgress } from '#shared/schemas/learning';
import { after, allOf, type MaybePromise } from './maybe-promise';
import { type PreparedJson, prepareJson } from './prepared-json';
import { courseProgressOf, type LearnerRecord } from './progress';
import type { CourseDoc, ReadCache } from './read-cache/read-cache';

export type PreparedProgress = { progress: CourseProgress; json: PreparedJson };

/**
 * Worked out once per (learner record, course document). The read cache replaces both, never changes
 * them, so the same pair always gives the same progress; entries go with either object.
 */
const made = new WeakMap<LearnerRecord, WeakMap<CourseDoc, PreparedProgress>>();

/**
 * A learner's progress in a course (DECISIONS §5), from their cached record and the course's cached
 * outline: synchronous and query-free once both are held; null when there is no such course.
 */
export function readCourseProgress({
  reads,
  userId,
  courseId,
}: {
  reads: ReadCache;
  userId: string;
  courseId: string;
}): MaybePromise<PreparedProgress | null> {
  return after(allOf([reads.learnerRecord(userId), reads.course(courseId)]), ([record, doc]) => {
    if (!doc) return null;
    let ofRecord = made.get(record);
    if (!ofRecord) {
      ofRecord = new WeakMap();
      made.set(record, ofRecord);
    }
    let prepared = ofRecord.get(doc);
    if (!prepared) {
      const progress = courseProgressOf(doc, record);
      prepared = { progress, json: prepareJson(progress) };
      ofRecord.set(doc, prepared);
    }
    return prepared;
  });
}
