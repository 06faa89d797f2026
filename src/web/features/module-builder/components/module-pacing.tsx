import type { Module } from '#shared/schemas/creator';
import { PacingForm } from '#web/components/pacing-form';
import { useCourseQuizzes } from '#web/lib/api/get-course-quizzes';
import { useUpdateModulePacing } from '../api/update-module-pacing';

/** The module's Pacing section: the course's quizzes are its possible prerequisites. */
export function ModulePacing({ module }: { module: Module }) {
  const quizzes = useCourseQuizzes(module.courseId);
  const save = useUpdateModulePacing(module.id);
  return <PacingForm id={module.id} rule={module} quizzes={quizzes.data ?? []} save={save.mutateAsync} />;
}
