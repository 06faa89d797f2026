import type { AdminCourse, AdminCourseListQuery } from '#shared/schemas/admin';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

export type CourseFilters = Pick<AdminCourseListQuery, 'q' | 'status'>;

/** GET /api/admin/courses: every course in any state, newest first. */
export function useAdminCourses(filters: CourseFilters) {
  return usePagedList<AdminCourse>('/api/admin/courses', filters);
}

/** Takes a course off the marketplace with a reason its creator reads. */
export function unpublishCourse({ courseId, reason }: { courseId: string; reason: string }): Promise<AdminCourse> {
  return apiJson<AdminCourse>('POST', `/api/admin/courses/${encodeURIComponent(courseId)}/unpublish`, { reason });
}

export function useUnpublishCourse() {
  return useAdminAction(unpublishCourse);
}
