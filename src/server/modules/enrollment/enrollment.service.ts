import { jsonArray, withJsonFields } from '../../lib/json-bytes';
import type { CourseDoc, EnrollmentEntry, ReadCache } from '../../lib/read-cache/read-cache';
import { COLD, type Cold } from '../../lib/warm';

type MyCoursesQuery = { reads: ReadCache; userId: string };

/**
 * The user's enrolled courses with progress, newest enrollment first, as JSON bytes built from the
 * cached course documents. Archived courses stay (enrolled students keep access); a course that is
 * not published is never listed.
 */
export async function listMyCourses({ reads, userId }: MyCoursesQuery): Promise<Buffer> {
  const [enrolled, progress] = await Promise.all([reads.enrollments(userId), reads.progress(userId)]);
  const docs = await Promise.all(enrolled.map((entry) => reads.course(entry.courseId)));
  return myCoursesJson(enrolled, progress, docs);
}

/** listMyCourses from memory alone: COLD when any part of it would need a query. */
export function peekMyCourses({ reads, userId }: MyCoursesQuery): Buffer | Cold {
  const enrolled = reads.peek.enrollments(userId);
  const progress = reads.peek.progress(userId);
  if (enrolled === undefined || progress === undefined) return COLD;
  const docs: (CourseDoc | null)[] = [];
  for (const entry of enrolled) {
    const doc = reads.peek.course(entry.courseId);
    if (doc === undefined) return COLD;
    docs.push(doc);
  }
  return myCoursesJson(enrolled, progress, docs);
}

/**
 * The bytes last built for a user's list and what they were built from. The read cache replaces its
 * entries, never changes them in place, so the same enrollment list, progress map and course
 * documents give the same bytes: a student reading My Courses again gets them without a rebuild.
 * Keyed by the enrollment list, an entry goes when the cache lets go of that list.
 */
type BuiltList = { progress: Map<string, number>; docs: (CourseDoc | null)[]; bytes: Buffer };
const builtLists = new WeakMap<EnrollmentEntry[], BuiltList>();

function myCoursesJson(enrolled: EnrollmentEntry[], progress: Map<string, number>, docs: (CourseDoc | null)[]): Buffer {
  const built = builtLists.get(enrolled);
  if (built && built.progress === progress && built.docs.every((doc, index) => doc === docs[index])) return built.bytes;
  const bytes = buildMyCoursesJson(enrolled, progress, docs);
  builtLists.set(enrolled, { progress, docs, bytes });
  return bytes;
}

function buildMyCoursesJson(enrolled: EnrollmentEntry[], progress: Map<string, number>, docs: (CourseDoc | null)[]): Buffer {
  const items: Buffer[] = [];
  enrolled.forEach((entry, index) => {
    const doc = docs[index];
    if (!doc?.published) return;
    items.push(
      withJsonFields(doc.json.guest.body, {
        isEnrolled: true,
        progress: progress.get(entry.courseId) ?? 0,
        enrolledAt: entry.enrolledAt,
      }),
    );
  });
  return jsonArray(items);
}
