import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MinimalLayout } from '#web/components/layouts/minimal-layout';
import { RequireAuth } from '#web/components/require-auth';
import { LearnPage } from '#web/features/learning/components/learn-page';
import { QuizPlayer } from '#web/features/quizzes/components/quiz-player';
import { paths } from '#web/lib/paths';
import { preloadSanitizer } from '#web/lib/use-sanitized-html';

export default function LearnRoute() {
  const { id = '', itemId } = useParams();
  // Lessons are rich text: fetch the sanitizer after first paint, alongside the course's data.
  useEffect(() => {
    preloadSanitizer().catch(() => {});
  }, []);
  return (
    <MinimalLayout skipTo={{ href: '#lesson', label: 'Skip to lesson' }}>
      <RequireAuth redirectTo={paths.login.getHref()}>
        <LearnPage
          key={id}
          courseId={id}
          itemId={itemId}
          renderQuiz={({ quizId, onCompleted }) => <QuizPlayer key={quizId} quizId={quizId} onCompleted={onCompleted} />}
        />
      </RequireAuth>
    </MinimalLayout>
  );
}
