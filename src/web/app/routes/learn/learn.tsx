import { useParams } from 'react-router';
import { MinimalLayout } from '#web/components/layouts/minimal-layout';
import { RequireAuth } from '#web/components/require-auth';
import { LearnPage } from '#web/features/learning/components/learn-page';
import { QuizPlayer } from '#web/features/quizzes/components/quiz-player';
import { paths } from '#web/lib/paths';

export function LearnRoute() {
  const { id = '' } = useParams();
  return (
    <MinimalLayout>
      <RequireAuth redirectTo={paths.login.getHref()}>
        <LearnPage
          key={id}
          courseId={id}
          renderQuiz={({ quizId, courseId, onCompleted }) => (
            <QuizPlayer key={quizId} quizId={quizId} courseId={courseId} onCompleted={onCompleted} />
          )}
        />
      </RequireAuth>
    </MinimalLayout>
  );
}
