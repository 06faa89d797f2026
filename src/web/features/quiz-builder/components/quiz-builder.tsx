import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { RegionError, RegionErrorBoundary } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useQuizQuestions } from '#web/lib/api/get-quiz-questions';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useQuiz } from '../api/get-quiz';
import { type BuilderQuestionType, TYPED_QUESTION_TYPES, typedQuestionLabel } from '../lib/typed-question-draft';
import { QuestionForm } from './question-form';
import { QuestionList } from './question-list';
import { QuizPacing } from './quiz-pacing';
import { QuizSettingsForm } from './quiz-settings-form';
import { TypedQuestionForm } from './typed-question-form';

function QuizPage({ back, children }: { back: { to: string; label: string }; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <Button asChild variant="ghost" size="sm" className="-ms-2 mb-4 w-fit">
        <Link to={back.to}>
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          {back.label}
        </Link>
      </Button>
      {children}
    </div>
  );
}

/**
 * The quiz builder (docs/product.md, Publishing and the studio): the quiz's questions with their correct
 * answers, added and deleted here.
 */
export function QuizBuilder({ quizId }: { quizId: string }) {
  const quiz = useQuiz(quizId);
  const questions = useQuizQuestions(quizId);
  const [type, setType] = useState<'single' | BuilderQuestionType>('single');
  useDocumentTitle(quiz.data ? t('courseBuilder.documentTitle', { title: quiz.data.title }) : t('quizBuilder.quizBuilder'));

  if (quiz.isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <p role="status" className="py-24 text-center text-muted-foreground">
          {t('quizBuilder.loadingQuiz')}
        </p>
      </div>
    );
  }
  if (quiz.isError) {
    const isMissing = isApiError(quiz.error, 404);
    return (
      <QuizPage back={{ to: paths.creator.dashboard.getHref(), label: t('courseEditor.backToDashboard') }}>
        <RegionError
          title={isMissing ? t('quizBuilder.quizNotFound') : t('quizBuilder.quizLoadFailed')}
          description={
            isMissing ? t('quizBuilder.quizNotFoundDescription') : getErrorMessage(quiz.error, t('courseEditor.checkConnection'))
          }
          onRetry={isMissing ? undefined : () => void quiz.refetch()}
        />
      </QuizPage>
    );
  }

  const { courseId } = quiz.data;
  return (
    <QuizPage back={{ to: paths.creator.courseBuilder.getHref(courseId), label: t('courseEditor.backToBuilder') }}>
      <header className="mb-8 min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{t('quizBuilder.quizBuilder')}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{quiz.data.title}</h1>
        {quiz.data.description ? (
          <p className="mt-2 max-w-3xl break-words whitespace-pre-line text-muted-foreground">{quiz.data.description}</p>
        ) : null}
      </header>
      <div className="mb-8">
        <QuizSettingsForm key={quiz.data.id} quiz={quiz.data} />
      </div>
      <div className="mb-8">
        <QuizPacing key={quiz.data.id} quiz={quiz.data} />
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <RegionErrorBoundary title={t('quizBuilder.questionFormError')}>
          <div className="grid gap-3">
            <div className="grid gap-1.5">
              <label htmlFor="question-type" className="text-sm font-medium">
                {t('quizBuilder.questionType')}
              </label>
              <select
                id="question-type"
                value={type}
                onChange={(event) => setType(event.target.value as typeof type)}
                className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base shadow-xs focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none md:text-sm"
              >
                <option value="single">{t('quizBuilder.typeSingle')}</option>
                {TYPED_QUESTION_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {typedQuestionLabel(value)}
                  </option>
                ))}
              </select>
            </div>
            {type === 'single' ? (
              <QuestionForm quizId={quizId} courseId={courseId} questionCount={questions.data?.length ?? 0} />
            ) : (
              <TypedQuestionForm
                key={type}
                quizId={quizId}
                courseId={courseId}
                type={type}
                questionCount={questions.data?.length ?? 0}
              />
            )}
          </div>
        </RegionErrorBoundary>
        <RegionErrorBoundary title={t('quizBuilder.questionsDisplayError')} resetKeys={[questions.data]}>
          <QuestionList
            quizId={quizId}
            courseId={courseId}
            questions={questions.data}
            isError={questions.isError}
            error={questions.error}
            onRetry={() => void questions.refetch()}
          />
        </RegionErrorBoundary>
      </div>
    </QuizPage>
  );
}
