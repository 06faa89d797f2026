import { QuizBuilder } from '#web/features/quiz-builder/components/quiz-builder';
import { CreatorOnly, useIdParam } from './creator-route';

export default function QuizBuilderRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      {/* A new id is a new builder: a half-typed question never lands in another quiz. */}
      <QuizBuilder key={id} quizId={id} />
    </CreatorOnly>
  );
}
