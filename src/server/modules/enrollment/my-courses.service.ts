import { jsonArray, withJsonFields } from '../../lib/json-bytes';
import { courseProgressOf, type LearnerRecord } from '../../lib/progress';
import type { CourseDoc, EnrollmentEntry, ReadCache } from '../../lib/read-cache/read-cache';

/**
 * The user's enrolled courses with progress, newest enrollment first, as JSON bytes built from the
 * cached course documents. Archived courses stay (enrolled
 * students keep access); a course that is not published is never listed.
 */
export async function listMyCourses({ reads, userId }: { reads: ReadCache; userId: string }): Promise<Buffer> {
  const [enrolled, record] = await Promise.all([reads.enrollments(userId), reads.learnerRecord(userId)]);
  const docs = await Promise.all(enrolled.map((entry) => reads.course(entry.courseId)));
  return myCoursesJson(enrolled, record, docs);
}

/**
 * The bytes last built for a user's list and what they were built from. The read cache replaces its
 * entries, never changes them in place, so the same enrollment list, learner record and course
 * documents give the same bytes: a student reading My Courses again gets them without a rebuild.
 * Keyed by the enrollment list, an entry goes when the cache lets go of that list.
 */
type BuiltList = { record: LearnerRecord; docs: (CourseDoc | null)[]; bytes: Buffer };
const builtLists = new WeakMap<EnrollmentEntry[], BuiltList>();

function myCoursesJson(enrolled: EnrollmentEntry[], record: LearnerRecord, docs: (CourseDoc | null)[]): Buffer {
  const built = builtLists.get(enrolled);
  if (built && built.record === record && built.docs.every((doc, index) => doc === docs[index])) return built.bytes;
  const bytes = buildMyCoursesJson(enrolled, record, docs);
  builtLists.set(enrolled, { record, docs, bytes });
  return bytes;
}

function buildMyCoursesJson(enrolled: EnrollmentEntry[], record: LearnerRecord, docs: (CourseDoc | null)[]): Buffer {
  const items: Buffer[] = [];
  enrolled.forEach((entry, index) => {
    const doc = docs[index];
    // An unpublished or archived course stays on its students' list: they keep access to it.
    if (!doc) return;
    const { percent, completed } = courseProgressOf(doc, record);
    items.push(withJsonFields(doc.json.body, { isEnrolled: true, progress: percent, completed, enrolledAt: entry.enrolledAt }));
  });
  return jsonArray(items);
}
