import { ArrowLeft, Award, CheckCircle2, ChevronDown, ChevronLeft, ChevronRight, Circle, FileQuestion } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Progress } from '#web/components/ui/progress';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useCourse } from '#web/lib/api/get-course';
import { useCourseModules } from '#web/lib/api/get-course-modules';
import { useCourseQuizzes } from '#web/lib/api/get-course-quizzes';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { cn } from '#web/lib/utils';
import { downloadCertificate } from '../api/certificate-download';
import { completeLesson, useRefreshProgress } from '../api/complete-lesson';
import { useCertificateEligibility } from '../api/get-certificate-eligibility';
import { useCourseProgress } from '../api/get-course-progress';
import { flattenItems, type LearnItem, orderSections, type Section } from './learn-items';
import { LessonView } from './lesson-view';

/** SPEC §4: a lesson that is not a quiz completes itself after one second on screen. */
const AUTO_COMPLETE_MS = 1000;

type QuizSlot = (props: { quizId: string; onCompleted: () => void }) => ReactNode;

function Sidebar({
  courseId,
  title,
  percent,
  eligible,
  sections,
  current,
  completedLessons,
  passedQuizzes,
  onSelect,
}: {
  courseId: string;
  title: string;
  percent: number;
  eligible: boolean;
  sections: Section[];
  current: LearnItem | undefined;
  completedLessons: Set<string>;
  passedQuizzes: Set<string>;
  onSelect: (id: string) => void;
}) {
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const toggle = (id: string) =>
    setClosed((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const download = async () => {
    setDownloading(true);
    try {
      await downloadCertificate(courseId);
      toast({ variant: 'success', title: 'Success!', description: 'Your certificate has been downloaded.' });
    } catch {
      toast({ variant: 'destructive', title: 'Failed to download certificate' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <aside
      aria-label="Course navigation"
      className="order-2 grid content-start gap-5 border-t p-4 lg:sticky lg:top-0 lg:order-1 lg:max-h-dvh lg:overflow-y-auto lg:border-t-0 lg:border-r"
    >
      <Link
        to={paths.myCourses.getHref()}
        className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> My Courses
      </Link>
      <h1 className="text-lg font-bold break-words">{title}</h1>
      <div className="grid gap-2">
        <div className="flex justify-between text-sm">
          <span className="text-muted-foreground">Progress</span>
          <span className="font-semibold tabular-nums">{percent}%</span>
        </div>
        <Progress value={percent} aria-label="Course progress" />
      </div>
      {eligible ? (
        <Button variant="gradient" onClick={() => void download()} disabled={downloading}>
          <Award aria-hidden="true" /> Download Certificate
        </Button>
      ) : null}
      <ol className="grid gap-2">
        {sections.map((section) => {
          if (section.kind === 'quiz') {
            const active = current?.id === section.quiz.id;
            return (
              <li key={section.quiz.id}>
                <button
                  type="button"
                  onClick={() => onSelect(section.quiz.id)}
                  aria-current={active ? 'step' : undefined}
                  className={cn(
                    'flex w-full items-center gap-2 rounded-lg p-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    active && 'bg-primary/10 font-medium',
                  )}
                >
                  {passedQuizzes.has(section.quiz.id) ? (
                    <CheckCircle2 className="size-4 shrink-0 text-success" aria-label="Passed" />
                  ) : (
                    <FileQuestion className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span className="break-words">{section.quiz.title}</span>
                </button>
              </li>
            );
          }
          const { module } = section;
          const open = !closed.has(module.id);
          const done = module.lessons.length > 0 && module.lessons.every((lesson) => completedLessons.has(lesson.id));
          return (
            <li key={module.id} className="rounded-lg border">
              <button
                type="button"
                aria-expanded={open}
                onClick={() => toggle(module.id)}
                className="flex w-full items-center gap-2 p-2 text-left text-sm font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {done ? <CheckCircle2 className="size-4 shrink-0 text-success" aria-label="Completed" /> : null}
                <span className="flex-1 break-words">{module.title}</span>
                <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} aria-hidden="true" />
              </button>
              {open ? (
                module.lessons.length === 0 ? (
                  <p className="px-3 pb-2 text-xs text-muted-foreground">No lessons available</p>
                ) : (
                  <ol className="grid gap-1 px-1 pb-2">
                    {module.lessons.map((lesson) => {
                      const active = current?.id === lesson.id;
                      return (
                        <li key={lesson.id}>
                          <button
                            type="button"
                            onClick={() => onSelect(lesson.id)}
                            aria-current={active ? 'step' : undefined}
                            className={cn(
                              'flex w-full items-center gap-2 rounded-md p-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                              active && 'bg-primary/10 font-medium',
                            )}
                          >
                            {completedLessons.has(lesson.id) ? (
                              <CheckCircle2 className="size-4 shrink-0 text-success" aria-label="Completed" />
                            ) : (
                              <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                            )}
                            <span className="break-words">{lesson.title}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ol>
                )
              ) : null}
            </li>
          );
        })}
      </ol>
    </aside>
  );
}

export function LearnPage({ courseId, renderQuiz }: { courseId: string; renderQuiz: QuizSlot }) {
  const course = useCourse(courseId);
  const modules = useCourseModules(courseId);
  const quizzes = useCourseQuizzes(courseId);
  const progress = useCourseProgress(courseId);
  const eligibility = useCertificateEligibility(courseId);
  const refreshProgress = useRefreshProgress(courseId);
  const sections = useMemo(() => orderSections(modules.data ?? [], quizzes.data ?? []), [modules.data, quizzes.data]);
  const items = useMemo(() => flattenItems(sections), [sections]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const index = Math.max(
    0,
    items.findIndex((item) => item.id === currentId),
  );
  const current = items[index];
  const completedLessons = useMemo(
    () => new Set((progress.data?.lessons ?? []).filter((lesson) => lesson.completed).map((lesson) => lesson.lessonId)),
    [progress.data],
  );
  const passedQuizzes = useMemo(() => new Set(progress.data?.completedQuizIds ?? []), [progress.data]);
  useDocumentTitle(course.data?.title ?? 'Learn');

  const currentLessonId = current?.kind === 'lesson' ? current.id : null;
  const alreadyDone = currentLessonId !== null && completedLessons.has(currentLessonId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lesson decides, and whether progress has loaded
  useEffect(() => {
    if (!currentLessonId || alreadyDone || !progress.data) return;
    const timer = setTimeout(() => {
      completeLesson({ lessonId: currentLessonId })
        .then(refreshProgress)
        .catch(() => {});
    }, AUTO_COMPLETE_MS);
    return () => clearTimeout(timer);
  }, [currentLessonId, alreadyDone, progress.data !== undefined, refreshProgress]);

  // The page renders in a transition once its course, modules and quizzes are here, in slices a
  // phone's main thread can answer between (a query's own update is one long task).
  const loaded = useDeferredValue(!(course.isPending || modules.isPending || quizzes.isPending));
  if (!loaded || course.isPending || modules.isPending || quizzes.isPending) {
    return (
      <p role="status" className="py-24 text-center text-muted-foreground">
        Loading course...
      </p>
    );
  }
  if (course.isError || modules.isError || quizzes.isError) {
    const notFound = [course.error, modules.error, quizzes.error].some((error) => isApiError(error, 404));
    return (
      <div className="grid justify-items-center gap-4 py-24 text-center">
        <p className="text-xl font-semibold">{notFound ? 'Course not found' : 'The course could not be loaded'}</p>
        <Button asChild variant="outline">
          <Link to={paths.myCourses.getHref()}>My Courses</Link>
        </Button>
      </div>
    );
  }
  if (progress.isError && isApiError(progress.error, 403)) {
    return (
      <div className="grid justify-items-center gap-4 py-24 text-center">
        <p className="text-xl font-semibold">Enroll in this course to start learning.</p>
        <Button asChild variant="gradient">
          <Link to={paths.course.detail.getHref(courseId)}>View course</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="grid lg:grid-cols-[20rem_1fr]">
      <Sidebar
        courseId={courseId}
        title={course.data.title}
        percent={progress.data?.percent ?? 0}
        eligible={eligibility.data?.eligible ?? false}
        sections={sections}
        current={current}
        completedLessons={completedLessons}
        passedQuizzes={passedQuizzes}
        onSelect={setCurrentId}
      />
      {/* On a phone the lesson comes first, a screen tall, and the course's outline follows it below the fold, so a
          lesson that loads late does not push the outline down (layout shift). */}
      <div className="order-1 flex min-h-dvh min-w-0 flex-col lg:order-2 lg:min-h-0">
        <div className="flex-1 p-4 sm:p-8">
          {!current ? (
            <p className="py-16 text-center text-muted-foreground">No lessons available</p>
          ) : current.kind === 'lesson' ? (
            <LessonView moduleId={current.moduleId} lessonId={current.id} />
          ) : (
            <div className="grid gap-4">
              <h2 className="text-2xl font-bold tracking-tight break-words">{current.title}</h2>
              {renderQuiz({ quizId: current.id, onCompleted: () => void refreshProgress() })}
            </div>
          )}
        </div>
        <footer className="sticky bottom-0 flex items-center justify-between gap-2 border-t bg-background/95 p-3 backdrop-blur sm:px-8">
          <Button variant="outline" size="sm" disabled={index === 0} onClick={() => setCurrentId(items[index - 1]?.id ?? null)}>
            <ChevronLeft aria-hidden="true" /> Previous
          </Button>
          <Button variant="ghost" disabled={!current} onClick={() => console.info('Mark as Complete', current?.id)}>
            Mark as Complete
          </Button>
          <Button
            variant="outline"
            disabled={index >= items.length - 1}
            onClick={() => setCurrentId(items[index + 1]?.id ?? null)}
          >
            Next <ChevronRight aria-hidden="true" />
          </Button>
        </footer>
      </div>
    </div>
  );
}
