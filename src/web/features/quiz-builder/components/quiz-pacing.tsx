import type { Quiz } from '#shared/schemas/creator';
import { PacingForm } from '#web/components/pacing-form';
import { useCourseQuizzes } from '#web/lib/api/get-course-quizzes';
import { useUpdateQuizSettings } from '../api/update-quiz-settings';

/** The quiz's Pacing section: the course's other quizzes are its possible prerequisites. */
export function QuizPacing({ quiz }: { quiz: Quiz }) {
  const quizzes = useCourseQuizzes(quiz.courseId);
  const save = useUpdateQuizSettings(quiz.id);
  return <PacingForm id={quiz.id} rule={quiz} quizzes={quizzes.data ?? []} save={save.mutateAsync} />;
}
