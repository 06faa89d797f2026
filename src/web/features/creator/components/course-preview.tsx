import { useQueries, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Eye } from 'lucide-react';
import { useState } from 'react';
import type { Course } from '#shared/schemas/catalog';
import type { Lesson, Question } from '#shared/schemas/creator';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { apiJson, isApiError } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { sanitizeHtml } from '#web/lib/sanitize';
import { cn } from '#web/lib/utils';
import { SlideContent } from './slide-content';

type Section = { kind: 'module'; item: ModuleOutline } | { kind: 'quiz'; item: QuizOutline };
const get =
  <T,>(url: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiJson<T>('GET', url, undefined, { signal });
const enc = encodeURIComponent;
const EMPTY_LESSON = {
  text: 'No content available for this lesson.',
  image: 'No image available for this lesson.',
  video: 'No video URL available for this lesson.',
};
const LETTERS = ['A', 'B', 'C', 'D'];

function ModulePreview({ courseId, moduleId }: { courseId: string; moduleId: string }) {
  const lessons = useQuery({
    queryKey: [...queryKeys.preview(courseId), 'modules', moduleId],
    queryFn: get<Lesson[]>(`/api/preview/modules/${enc(moduleId)}/lessons`),
  });
  const [index, setIndex] = useState(0);
  if (lessons.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    );
  if (lessons.isError) return <p role="alert">Failed to load course content</p>;
  if (lessons.data.length === 0) return <p className="text-muted-foreground">No lessons in this module yet.</p>;
  const at = Math.min(index, lessons.data.length - 1);
  const lesson = lessons.data[at] as Lesson;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold break-words">{lesson.title}</h3>
        <span className="text-sm text-muted-foreground">
          Lesson {at + 1} of {lessons.data.length}
        </span>
      </div>
      <SlideContent lesson={lesson} empty={EMPTY_LESSON} />
      <div className="flex justify-between">
        <Button variant="outline" onClick={() => setIndex(at - 1)} disabled={at === 0}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <Button variant="outline" onClick={() => setIndex(at + 1)} disabled={at >= lessons.data.length - 1}>
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

function QuizPreview({ courseId, quizId }: { courseId: string; quizId: string }) {
  const questions = useQuery({
    queryKey: [...queryKeys.preview(courseId), 'quizzes', quizId],
    queryFn: get<Question[]>(`/api/preview/quizzes/${enc(quizId)}/questions`),
  });
  if (questions.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    );
  if (questions.isError) return <p role="alert">Failed to load course content</p>;
  if (questions.data.length === 0) return <p className="text-muted-foreground">No questions have been added to this quiz yet.</p>;
  return (
    <ol className="grid gap-4">
      {questions.data.map((question, number) => (
        <li key={question.id} className="rounded-xl border p-4">
          <p className="font-medium break-words">
            {number + 1}. {question.question}
          </p>
          <ul className="mt-3 grid gap-2">
            {[question.optionA, question.optionB, question.optionC, question.optionD].map((option, index) =>
              option ? (
                <li
                  key={LETTERS[index]}
                  className={cn(
                    'rounded-lg border px-3 py-2 text-sm break-words',
                    question.correctAnswer === index + 1 &&
                      'border-success/40 bg-success-muted font-medium text-success-muted-foreground',
                  )}
                >
                  {LETTERS[index]}. {option}
                  {question.correctAnswer === index + 1 ? ' (Correct)' : ''}
                </li>
              ) : null,
            )}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function CoursePreview({ courseId }: { courseId: string }) {
  const course = useQuery({
    queryKey: queryKeys.preview(courseId),
    queryFn: get<Course>(`/api/preview/courses/${enc(courseId)}`),
  });
  const [modules, quizzes] = useQueries({
    queries: [
      {
        queryKey: [...queryKeys.preview(courseId), 'modules'],
        queryFn: get<ModuleOutline[]>(`/api/preview/courses/${enc(courseId)}/modules`),
      },
      {
        queryKey: [...queryKeys.preview(courseId), 'quizzes'],
        queryFn: get<QuizOutline[]>(`/api/preview/courses/${enc(courseId)}/quizzes`),
      },
    ],
  });
  const [chosen, setChosen] = useState<string | null>(null);
  useDocumentTitle(course.data ? `Preview: ${course.data.title}` : 'Preview');

  if (course.isPending) {
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading course...
      </p>
    );
  }
  if (course.isError) {
    return (
      <p role="alert" className="py-20 text-center text-lg font-medium">
        {isApiError(course.error, 404) || isApiError(course.error, 403) ? 'Course not found' : 'Failed to load course content'}
      </p>
    );
  }
  const sections: Section[] = [
    ...(modules.data ?? []).map((item) => ({ kind: 'module' as const, item })),
    ...(quizzes.data ?? []).map((item) => ({ kind: 'quiz' as const, item })),
  ].sort((a, b) => a.item.order - b.item.order);
  // SPEC: the first section is selected automatically.
  const selected = sections.find((section) => section.item.id === chosen) ?? sections[0];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <header className="mb-8 grid gap-3">
        <Badge variant="warning" className="w-fit">
          <Eye className="size-3.5" aria-hidden="true" /> Preview Mode
        </Badge>
        <h1 className="text-3xl font-bold tracking-tight break-words">{course.data.title}</h1>
        <div
          className="rich-text max-w-3xl break-words text-muted-foreground [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server and again here
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(course.data.description) }}
        />
      </header>
      {modules.isError || quizzes.isError ? (
        <p role="alert">Failed to load course content</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
          <nav aria-label="Course sections">
            <ol className="grid gap-2">
              {sections.map((section, index) => (
                <li key={section.item.id}>
                  <button
                    type="button"
                    aria-current={section === selected ? 'true' : undefined}
                    onClick={() => setChosen(section.item.id)}
                    className={cn(
                      'w-full rounded-lg border p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      section === selected && 'border-primary bg-primary/10',
                    )}
                  >
                    <span className="font-medium break-words">
                      {index + 1}. {section.item.title}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {section.kind === 'module'
                        ? `${section.item.lessons.length} ${section.item.lessons.length === 1 ? 'lesson' : 'lessons'}`
                        : `Quiz · ${section.item.questionCount} ${section.item.questionCount === 1 ? 'question' : 'questions'}`}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          <Card className="min-w-0 p-4 sm:p-6">
            {!selected ? (
              <p className="py-10 text-center text-muted-foreground">Select a section to preview its content</p>
            ) : selected.kind === 'module' ? (
              <ModulePreview key={selected.item.id} courseId={courseId} moduleId={selected.item.id} />
            ) : (
              <QuizPreview key={selected.item.id} courseId={courseId} quizId={selected.item.id} />
            )}
          </Card>
        </div>
      )}
    </div>
  );
}
