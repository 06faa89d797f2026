import { ArrowLeft, Award, CheckCircle2, ChevronDown, ChevronLeft, ChevronRight, Circle, FileQuestion } from 'lucide-react';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_VIDEO_COMPLETE_PERCENT } from '#shared/learning-rules';
import type { QuizOutline } from '#shared/schemas/outline';
import { Button } from '#web/components/ui/button';
import { Progress } from '#web/components/ui/progress';
import { useDocumentTitle, usePageHead } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useCourse } from '#web/lib/api/get-course';
import { useCourseModules } from '#web/lib/api/get-course-modules';
import { useCourseQuizzes } from '#web/lib/api/get-course-quizzes';
import { isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { cn } from '#web/lib/utils';
import { downloadCertificate } from '../api/certificate-download';
import { setLessonCompletion, useRefreshProgress } from '../api/complete-lesson';
import { useCertificateEligibility } from '../api/get-certificate-eligibility';
import { useCourseProgress } from '../api/get-course-progress';
import { flattenItems, type LearnItem, orderSections, resumeItem, type Section } from './learn-items';
import { LessonView } from './lesson-view';
import { LockedPanel, LockNote } from './pacing-lock';

/**
 * A text or image slide completes itself after one second on screen, a video by the share played
 * (docs/product.md, Learning).
 */
const AUTO_COMPLETE_MS = 1000;

type QuizSlot = (props: { quizId: string; onCompleted: () => void }) => ReactNode;
/** What goes under a slide: its questions (docs/product.md, Lesson Q&A). */
type QuestionsSlot = (props: { lessonId: string }) => ReactNode;

function Sidebar({
  courseId,
  title,
  percent,
  eligible,
  sections,
  quizzes,
  current,
  completedLessons,
  passedQuizzes,
  outlineOpen,
  onToggleOutline,
  onSelect,
}: {
  courseId: string;
  title: string;
  percent: number;
  eligible: boolean;
  sections: Section[];
  quizzes: QuizOutline[];
  current: LearnItem | undefined;
  completedLessons: Set<string>;
  passedQuizzes: Set<string>;
  /** On a phone the outline folds away above the lesson; from lg up it is always open beside it. */
  outlineOpen: boolean;
  onToggleOutline: () => void;
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
      toast({ variant: 'success', title: t('learning.success'), description: t('learning.certificateDownloaded') });
    } catch {
      toast({ variant: 'destructive', title: t('learning.certificateFailed') });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <aside
      aria-label={t('learning.courseNavigation')}
      className="grid content-start gap-4 border-b p-4 lg:sticky lg:top-0 lg:max-h-dvh lg:gap-5 lg:overflow-y-auto lg:border-e lg:border-b-0"
    >
      <Link
        to={paths.myCourses.getHref()}
        className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t('learning.myCourses')}
      </Link>
      <h1 className="text-lg font-bold break-words">{title}</h1>
      <div className="grid gap-2">
        <div className="flex justify-between text-sm">
          <span className="text-muted-foreground">{t('learning.progress')}</span>
          <span className="font-semibold tabular-nums">{t('learning.percent', { percent })}</span>
        </div>
        <Progress value={percent} aria-label={t('learning.courseProgress')} />
      </div>
      {eligible ? (
        <Button variant="gradient" onClick={() => void download()} disabled={downloading}>
          <Award aria-hidden="true" /> {t('learning.downloadCertificate')}
        </Button>
      ) : null}
      <Button
        variant="outline"
        className="justify-between lg:hidden"
        aria-expanded={outlineOpen}
        aria-controls="course-outline"
        onClick={onToggleOutline}
      >
        {t('learning.courseContent')}
        <ChevronDown className={cn('size-4 transition-transform', outlineOpen && 'rotate-180')} aria-hidden="true" />
      </Button>
      <ol id="course-outline" className={cn('gap-2', outlineOpen ? 'grid' : 'hidden lg:grid')}>
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
                    'flex w-full items-center gap-2 rounded-lg p-2 text-start text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    active && 'bg-primary/10 font-medium',
                  )}
                >
                  {passedQuizzes.has(section.quiz.id) ? (
                    <CheckCircle2 className="size-4 shrink-0 text-success" aria-label={t('learning.passed')} />
                  ) : (
                    <FileQuestion className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span className="grid break-words">
                    {section.quiz.title}
                    <LockNote part={section.quiz} quizzes={quizzes} passed={passedQuizzes} />
                  </span>
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
                className="flex w-full items-center gap-2 p-2 text-start text-sm font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {done ? <CheckCircle2 className="size-4 shrink-0 text-success" aria-label={t('learning.completed')} /> : null}
                <span className="grid flex-1 break-words">
                  {module.title}
                  <LockNote part={module} quizzes={quizzes} passed={passedQuizzes} />
                </span>
                <ChevronDown
                  className={cn('size-4 transition-transform', !open && '-rotate-90 rtl:rotate-90')}
                  aria-hidden="true"
                />
              </button>
              {open ? (
                module.lessons.length === 0 ? (
                  <p className="px-3 pb-2 text-xs text-muted-foreground">{t('learning.noLessonsInModule')}</p>
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
                              'flex w-full items-center gap-2 rounded-md p-2 text-start text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                              active && 'bg-primary/10 font-medium',
                            )}
                          >
                            {completedLessons.has(lesson.id) ? (
                              <CheckCircle2 className="size-4 shrink-0 text-success" aria-label={t('learning.completed')} />
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

export function LearnPage({
  courseId,
  itemId,
  renderQuiz,
  renderQuestions,
}: {
  courseId: string;
  /** The slide or quiz in the address; without one, Learn resumes at the first unfinished item. */
  itemId?: string;
  renderQuiz: QuizSlot;
  renderQuestions?: QuestionsSlot;
}) {
  const navigate = useNavigate();
  const course = useCourse(courseId);
  const modules = useCourseModules(courseId);
  const quizzes = useCourseQuizzes(courseId);
  const progress = useCourseProgress(courseId);
  const eligibility = useCertificateEligibility(courseId);
  const refreshProgress = useRefreshProgress(courseId);
  const sections = useMemo(() => orderSections(modules.data ?? [], quizzes.data ?? []), [modules.data, quizzes.data]);
  const items = useMemo(() => flattenItems(sections), [sections]);
  const completedLessons = useMemo(
    () => new Set((progress.data?.lessons ?? []).filter((lesson) => lesson.completed).map((lesson) => lesson.lessonId)),
    [progress.data],
  );
  const passedQuizzes = useMemo(() => new Set(progress.data?.completedQuizIds ?? []), [progress.data]);

  // Resuming picks once: completing the resumed slide must not move the learner on by itself.
  const [resumedId, setResumedId] = useState<string | null>(null);
  const resumeTo = resumedId ?? resumeItem(items, completedLessons, passedQuizzes)?.id;
  const requested = itemId === undefined ? undefined : items.find((item) => item.id === itemId);
  const current = requested ?? items.find((item) => item.id === resumeTo) ?? items[0];
  const index = current ? items.indexOf(current) : 0;
  useEffect(() => {
    if (itemId === undefined && resumedId === null && progress.data && resumeTo) setResumedId(resumeTo);
  }, [itemId, resumedId, progress.data, resumeTo]);
  useDocumentTitle(course.data ? (current ? `${current.title} · ${course.data.title}` : course.data.title) : t('learning.title'));
  // A learner's own page: never in a search engine.
  usePageHead({ noindex: true });

  const lessonRegion = useRef<HTMLElement>(null);
  const focusAfterMove = useRef(false);
  const [outlineOpen, setOutlineOpen] = useState(false);
  const goTo = (id: string, { focus }: { focus: boolean }) => {
    focusAfterMove.current = focus;
    navigate(paths.course.learnItem.getHref(courseId, id));
  };
  const currentId = current?.id;
  // A lesson picked in the outline takes the focus (and, on a phone, the screen); Previous and Next keep it
  // on themselves, and bring the lesson's top back into view.
  useEffect(() => {
    const region = lessonRegion.current;
    if (!region || !currentId) return;
    if (focusAfterMove.current) {
      focusAfterMove.current = false;
      region.focus();
      region.scrollIntoView({ block: 'start' });
    } else if (region.getBoundingClientRect().top < 0) {
      region.scrollIntoView({ block: 'start' });
    }
  }, [currentId]);

  const currentLesson = current?.kind === 'lesson' ? current : null;
  const currentLessonId = currentLesson?.id ?? null;
  const alreadyDone = currentLessonId !== null && completedLessons.has(currentLessonId);
  const [seenId, setSeenId] = useState<string | null>(null);
  const [availableId, setAvailableId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Slides the learner marked not complete on this visit: never marked again behind their back.
  const undone = useRef(new Set<string>());
  const onSeen = useCallback((id: string) => setSeenId(id), []);
  const onAvailable = useCallback((id: string) => setAvailableId(id), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the lesson decides, and whether progress has loaded
  useEffect(() => {
    if (!currentLesson || seenId !== currentLesson.id || alreadyDone || !progress.data) return;
    if (undone.current.has(currentLesson.id)) return;
    const lessonId = currentLesson.id;
    // A video is seen once enough of it has played; a text or an image after a second on screen.
    const timer = setTimeout(
      () => {
        setLessonCompletion({ lessonId })
          .then(refreshProgress)
          .catch(() => {});
      },
      currentLesson.type === 'video' ? 0 : AUTO_COMPLETE_MS,
    );
    return () => clearTimeout(timer);
  }, [currentLessonId, currentLesson?.type, seenId, alreadyDone, progress.data !== undefined, refreshProgress]);

  const toggleComplete = async () => {
    if (!currentLessonId) return;
    const completed = !alreadyDone;
    if (completed) undone.current.delete(currentLessonId);
    else undone.current.add(currentLessonId);
    setSaving(true);
    try {
      await setLessonCompletion({ lessonId: currentLessonId, completed });
      await refreshProgress();
      setAnnouncement(completed ? t('learning.markedComplete') : t('learning.markedIncomplete'));
    } catch {
      toast({ variant: 'destructive', title: t('learning.progressFailed'), description: t('learning.tryAgain') });
    } finally {
      setSaving(false);
    }
  };

  // The page renders in a transition once its course, modules and quizzes are here, in slices a
  // phone's main thread can answer between (a query's own update is one long task). Resuming also
  // waits for the learner's progress, which says where to resume.
  const resuming = itemId === undefined && progress.isPending;
  const loaded = useDeferredValue(!(course.isPending || modules.isPending || quizzes.isPending || resuming));
  if (!loaded || course.isPending || modules.isPending || quizzes.isPending || resuming) {
    return (
      <p role="status" className="py-24 text-center text-muted-foreground">
        {t('learning.loadingCourse')}
      </p>
    );
  }
  if (course.isError || modules.isError || quizzes.isError) {
    const notFound = [course.error, modules.error, quizzes.error].some((error) => isApiError(error, 404));
    return (
      <div className="grid justify-items-center gap-4 py-24 text-center">
        <p className="text-xl font-semibold">{notFound ? t('learning.courseNotFound') : t('learning.courseLoadFailed')}</p>
        <Button asChild variant="outline">
          <Link to={paths.myCourses.getHref()}>{t('learning.myCourses')}</Link>
        </Button>
      </div>
    );
  }
  if (progress.isError && isApiError(progress.error, 403)) {
    return (
      <div className="grid justify-items-center gap-4 py-24 text-center">
        <p className="text-xl font-semibold">{t('learning.enrollToLearn')}</p>
        <Button asChild variant="gradient">
          <Link to={paths.course.detail.getHref(courseId)}>{t('learning.viewCourse')}</Link>
        </Button>
      </div>
    );
  }

  const canMark = currentLesson !== null && availableId === currentLesson.id && !saving;
  // A part still shut by its pacing shows when it opens instead of its content (docs/product.md, Pacing).
  const lockedPart = currentLesson
    ? modules.data.find((module) => module.id === currentLesson.moduleId)
    : quizzes.data.find((quiz) => quiz.id === current?.id);
  return (
    <div className="grid lg:grid-cols-[20rem_1fr]">
      <Sidebar
        courseId={courseId}
        title={course.data.title}
        percent={progress.data?.percent ?? 0}
        eligible={eligibility.data?.eligible ?? false}
        sections={sections}
        quizzes={quizzes.data}
        current={current}
        completedLessons={completedLessons}
        passedQuizzes={passedQuizzes}
        outlineOpen={outlineOpen}
        onToggleOutline={() => setOutlineOpen((open) => !open)}
        onSelect={(id) => {
          setOutlineOpen(false);
          goTo(id, { focus: true });
        }}
      />
      <div className="flex min-w-0 flex-col lg:min-h-0">
        <section
          id="lesson"
          ref={lessonRegion}
          tabIndex={-1}
          aria-label={current ? current.title : t('learning.lesson')}
          className="flex-1 scroll-mt-2 p-4 focus:outline-none sm:p-8"
        >
          {itemId !== undefined && !requested ? (
            <p role="alert" className="mb-4 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
              {t('learning.itemGone')}
            </p>
          ) : null}
          {!current ? (
            <p className="py-16 text-center text-muted-foreground">{t('learning.noLessons')}</p>
          ) : lockedPart?.locked ? (
            <LockedPanel courseId={courseId} part={lockedPart} quizzes={quizzes.data} passed={passedQuizzes} />
          ) : current.kind === 'lesson' ? (
            <>
              <LessonView
                courseId={courseId}
                moduleId={current.moduleId}
                lessonId={current.id}
                videoCompletePercent={progress.data?.videoCompletePercent ?? DEFAULT_VIDEO_COMPLETE_PERCENT}
                onSeen={onSeen}
                onAvailable={onAvailable}
              />
              {renderQuestions?.({ lessonId: current.id })}
            </>
          ) : (
            <div className="grid gap-4">
              <h2 className="text-2xl font-bold tracking-tight break-words">{current.title}</h2>
              {renderQuiz({ quizId: current.id, onCompleted: () => void refreshProgress() })}
            </div>
          )}
        </section>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        {/* Three columns on a phone's width too: the middle button's words wrap rather than push Next off the screen. */}
        <footer className="sticky bottom-0 grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-2 border-t bg-background/95 p-3 backdrop-blur sm:px-8">
          <Button
            variant="outline"
            size="sm"
            disabled={index === 0 || !current}
            onClick={() => {
              const previous = items[index - 1];
              if (previous) goTo(previous.id, { focus: false });
            }}
          >
            <ChevronLeft className="rtl:-scale-x-100" aria-hidden="true" /> {t('learning.previous')}
          </Button>
          {current?.kind === 'quiz' ? (
            // A quiz is done by passing it, never by hand (docs/product.md, Learning).
            <p className="flex min-w-0 items-center justify-self-center gap-1.5 text-center text-sm text-muted-foreground">
              {passedQuizzes.has(current.id) ? (
                <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
              ) : null}
              {passedQuizzes.has(current.id) ? t('learning.quizPassed') : t('learning.quizCountsOncePassed')}
            </p>
          ) : (
            <Button
              variant="ghost"
              disabled={!canMark}
              onClick={() => void toggleComplete()}
              className="h-auto min-h-10 min-w-0 justify-self-center py-1 text-center leading-tight whitespace-normal"
            >
              {alreadyDone ? <CheckCircle2 className="text-success" aria-hidden="true" /> : null}
              {alreadyDone ? t('learning.markIncomplete') : t('learning.markComplete')}
            </Button>
          )}
          <Button
            variant="outline"
            disabled={index >= items.length - 1}
            onClick={() => {
              const next = items[index + 1];
              if (next) goTo(next.id, { focus: false });
            }}
          >
            {t('learning.next')} <ChevronRight className="rtl:-scale-x-100" aria-hidden="true" />
          </Button>
        </footer>
      </div>
    </div>
  );
}
