import { jsonArray, withJsonFields } from '../../lib/json-bytes';
import type { ReadCache } from '../../lib/read-cache/read-cache';

/**
 * The user's enrolled courses with progress, newest enrollment first, as JSON bytes built from the
 * cached course documents. Archived courses stay (enrolled students keep access); a course that is
 * not published is never listed.
 */
export async function listMyCourses({ reads, userId }: { reads: ReadCache; userId: string }): Promise<Buffer> {
  const [enrolled, progress] = await Promise.all([reads.enrollments(userId), reads.progress(userId)]);
  const docs = await Promise.all(enrolled.map((entry) => reads.course(entry.courseId)));
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
