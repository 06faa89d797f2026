import { lazy, Suspense, useEffect, useRef } from 'react';
import type { Lesson } from '#shared/schemas/creator';
import { RichHtml } from '#web/components/rich-html';
import { TextWithImage } from '#web/components/text-with-image';
import { useModuleLessons } from '#web/lib/api/get-module-lessons';
import { t } from '#web/lib/i18n/t';
import { usePythonBlocks } from '#web/lib/python/use-python-blocks';
import { useLatest } from './use-latest';
import { VideoSlide } from './video-slide';

// Loaded on demand, declared here rather than shared with the studio's pages: a shared declaration
// is a chunk of its own in Learn's first load, which is at its budget.
const NotebookView = lazy(() => import('#web/components/notebook/notebook-view'));

type LessonEvents = {
  /** The slide's data arrived: it can be marked by hand. */
  onAvailable: (lessonId: string) => void;
  /**
   * The slide was really seen: a text shown, an image that loaded, or a video played to `videoCompletePercent`
   * of its length. Never for a slide (or its media) that failed to load.
   */
  onSeen: (lessonId: string) => void;
};

/** docs/product.md, Learning: the lesson's video, text, image or notebook, or what is missing. */
export function LessonView({
  courseId,
  moduleId,
  lessonId,
  videoCompletePercent,
  ...events
}: {
  courseId: string;
  moduleId: string;
  lessonId: string;
  videoCompletePercent: number;
} & LessonEvents) {
  const lessons = useModuleLessons(moduleId);
  const lesson = lessons.data?.find((candidate) => candidate.id === lessonId);
  const latest = useLatest(events);
  // Python blocks in a slide's body get Run buttons: a text slide's ```python blocks, and those of any
  // slide type that is not a video or an image (a notebook's code cells).
  const slide = useRef<HTMLElement>(null);
  const mayHoldPython =
    lesson?.type === 'text' ? lesson.content?.includes('language-python') : lesson?.type !== 'video' && lesson?.type !== 'image';
  usePythonBlocks(slide, lesson && mayHoldPython ? lesson.id : null);
  useEffect(() => {
    if (lesson) latest.current.onAvailable(lesson.id);
  }, [lesson, latest]);

  if (lessons.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        {t('learning.loadingLesson')}
      </p>
    );
  if (lessons.isError) return <p role="alert">{t('learning.lessonLoadFailed')}</p>;
  if (!lesson) return <p className="text-muted-foreground">{t('learning.noLessons')}</p>;
  return (
    <article ref={slide} className="grid gap-5">
      <h2 className="text-2xl font-bold tracking-tight break-words">{lesson.title}</h2>
      <LessonBody
        lesson={lesson}
        courseId={courseId}
        videoCompletePercent={videoCompletePercent}
        onSeen={() => latest.current.onSeen(lesson.id)}
      />
    </article>
  );
}

function LessonBody({
  lesson,
  courseId,
  videoCompletePercent,
  onSeen,
}: {
  lesson: Lesson;
  courseId: string;
  videoCompletePercent: number;
  onSeen: () => void;
}) {
  const latestSeen = useLatest(onSeen);
  const image = useRef<HTMLImageElement>(null);
  const hasImage = lesson.type === 'image' && Boolean(lesson.imageUrl);
  // Text, and placeholders of slides with nothing to load, are seen once shown. An image the server drew
  // may have loaded before React took over (its load event is gone): its state says so.
  useEffect(() => {
    if (lesson.type === 'video') return;
    if (!hasImage) return latestSeen.current();
    const element = image.current;
    if (element?.complete && element.naturalWidth > 0) latestSeen.current();
  }, [lesson.type, hasImage, latestSeen]);

  if (lesson.type === 'notebook' && lesson.notebookUrl)
    return (
      <Suspense>
        <NotebookView lessonId={lesson.id} notebookUrl={lesson.notebookUrl} />
      </Suspense>
    );
  if (lesson.type === 'video' || lesson.type === 'notebook') {
    if (!lesson.videoUrl)
      return (
        <p className="rounded-xl border border-dashed py-16 text-center text-muted-foreground">
          {lesson.type === 'video' ? t('learning.noVideo') : t('learning.noNotebook')}
        </p>
      );
    return (
      <VideoSlide
        lesson={lesson}
        courseId={courseId}
        videoUrl={lesson.videoUrl}
        videoCompletePercent={videoCompletePercent}
        onSeen={onSeen}
      />
    );
  }
  if (lesson.type === 'image')
    return lesson.imageUrl ? (
      <img
        ref={image}
        src={lesson.imageUrl}
        alt={lesson.imageAlt ?? lesson.title}
        onLoad={onSeen}
        className="mx-auto max-h-[32rem] rounded-xl object-contain"
      />
    ) : (
      <p className="rounded-xl border border-dashed py-16 text-center text-muted-foreground">{t('learning.noImage')}</p>
    );
  return lesson.content ? (
    <TextWithImage imageUrl={lesson.imageUrl} alt={lesson.imageAlt ?? lesson.title}>
      <RichHtml html={lesson.content} className="rich-text max-w-3xl" />
    </TextWithImage>
  ) : (
    <p className="text-muted-foreground">{t('learning.noContent')}</p>
  );
}
