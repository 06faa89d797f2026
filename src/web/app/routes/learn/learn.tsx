import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { MinimalLayout } from '#web/components/layouts/minimal-layout';
import { RequireAuth } from '#web/components/require-auth';
import { WhenNearViewport } from '#web/components/when-near-viewport';
import { LearnPage } from '#web/features/learning/components/learn-page';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { preloadSanitizer } from '#web/lib/use-sanitized-html';

/** Loaded where a quiz is shown: a slide's first load does without it. */
const QuizPlayer = lazy(() =>
  import('#web/features/quizzes/components/quiz-player').then((module) => ({ default: module.QuizPlayer })),
);
/**
 * Under each slide, once the learner scrolls near it or follows a link to a question: after first paint.
 * Its code not arriving (offline) leaves the slide as it is; the panel catches its own failures.
 */
const LessonQuestions = lazy<ComponentType<{ courseId: string; lessonId: string }>>(() =>
  import('#web/features/discussions/components/lesson-questions').catch(() => ({ default: () => null })),
);
const loadingQuiz = () => (
  <p role="status" className="text-muted-foreground">
    {t('quizzes.loading')}
  </p>
);

export default function LearnRoute() {
  const { id = '', itemId } = useParams();
  const { hash } = useLocation();
  // Lessons are rich text: fetch the sanitizer after first paint, alongside the course's data.
  useEffect(() => {
    preloadSanitizer().catch(() => {});
  }, []);
  return (
    <MinimalLayout skipTo={{ href: '#lesson', label: t('learning.skipToLesson') }}>
      <RequireAuth redirectTo={paths.login.getHref()}>
        <LearnPage
          key={id}
          courseId={id}
          itemId={itemId}
          renderQuiz={({ quizId, onCompleted }) => (
            <Suspense fallback={loadingQuiz()}>
              <QuizPlayer key={quizId} quizId={quizId} onCompleted={onCompleted} />
            </Suspense>
          )}
          renderQuestions={({ lessonId }) => (
            <WhenNearViewport key={lessonId} isWanted={hash.startsWith('#thread-')}>
              <Suspense fallback={null}>
                <LessonQuestions courseId={id} lessonId={lessonId} />
              </Suspense>
            </WhenNearViewport>
          )}
        />
      </RequireAuth>
    </MinimalLayout>
  );
}
