import { RichHtml } from '#web/components/rich-html';
import { TextWithImage } from '#web/components/text-with-image';
import { useModuleLessons } from '#web/lib/api/get-module-lessons';

/** SPEC §2 Learn: the lesson's video, text or image, or what is missing. */
export function LessonView({ moduleId, lessonId }: { moduleId: string; lessonId: string }) {
  const lessons = useModuleLessons(moduleId);
  if (lessons.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        Loading lesson...
      </p>
    );
  if (lessons.isError) return <p role="alert">The lesson could not be loaded.</p>;
  const lesson = lessons.data.find((candidate) => candidate.id === lessonId);
  if (!lesson) return <p className="text-muted-foreground">No lessons available</p>;
  return (
    <article className="grid gap-5">
      <h2 className="text-2xl font-bold tracking-tight break-words">{lesson.title}</h2>
      {lesson.type === 'video' ? (
        lesson.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: creators' uploads come without caption tracks
          <video
            key={lesson.videoUrl}
            src={lesson.videoUrl}
            controls
            controlsList="nodownload"
            onContextMenu={(event) => event.preventDefault()}
            className="aspect-video w-full rounded-xl bg-black"
          />
        ) : (
          <p className="rounded-xl border border-dashed py-16 text-center text-muted-foreground">No video uploaded</p>
        )
      ) : lesson.type === 'image' ? (
        lesson.imageUrl ? (
          <img src={lesson.imageUrl} alt={lesson.title} className="mx-auto max-h-[32rem] rounded-xl object-contain" />
        ) : (
          <p className="rounded-xl border border-dashed py-16 text-center text-muted-foreground">No image provided</p>
        )
      ) : lesson.content ? (
        <TextWithImage imageUrl={lesson.imageUrl} alt={lesson.title}>
          <RichHtml html={lesson.content} className="rich-text max-w-3xl" />
        </TextWithImage>
      ) : (
        <p className="text-muted-foreground">No content available for this lesson.</p>
      )}
    </article>
  );
}
