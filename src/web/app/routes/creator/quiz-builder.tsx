import { QuizBuilder } from '#web/features/creator/components/quiz-builder';
import { CreatorOnly, useIdParam } from './creator-route';

export function QuizBuilderRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <QuizBuilder key={id} quizId={id} />
    </CreatorOnly>
  );
}
