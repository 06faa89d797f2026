import { FileX, ImageOff, VideoOff } from 'lucide-react';
import type { Lesson } from '#shared/schemas/creator';
import { LazyNotebookView } from '#web/components/notebook/lazy-notebook-view';
import { TextWithImage } from '#web/components/text-with-image';
import { t } from '#web/lib/i18n/t';
import { sanitizeHtml } from '#web/lib/sanitize';

function Missing({ icon: Icon, text }: { icon: typeof ImageOff; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-14 text-center text-muted-foreground">
      <Icon className="size-6" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/**
 * A lesson as its learners will see it, with the preview's fixed texts for missing media
 * (docs/product.md, Publishing and the studio).
 */
export function LessonContent({ lesson }: { lesson: Lesson }) {
  if (lesson.type === 'video') {
    if (!lesson.videoUrl) return <Missing icon={VideoOff} text={t('preview.noVideo')} />;
    return (
      <div className="overflow-hidden rounded-xl border bg-black shadow-sm">
        {/* biome-ignore lint/a11y/useMediaCaption: captions are the creator's to add; a slide may have none */}
        <video
          key={lesson.videoUrl}
          src={lesson.videoUrl}
          controls
          controlsList="nodownload"
          preload="metadata"
          aria-label={lesson.title}
          className="aspect-video w-full"
        >
          {lesson.captions.map((caption) => (
            <track key={caption.language} kind="subtitles" srcLang={caption.language} label={caption.label} src={caption.url} />
          ))}
        </video>
      </div>
    );
  }
  if (lesson.type === 'notebook') {
    if (!lesson.notebookUrl) return <Missing icon={FileX} text={t('preview.noNotebook')} />;
    return <LazyNotebookView lessonId={lesson.id} notebookUrl={lesson.notebookUrl} />;
  }
  if (lesson.type === 'image') {
    if (!lesson.imageUrl) return <Missing icon={ImageOff} text={t('preview.noImage')} />;
    return (
      <img
        src={lesson.imageUrl}
        alt={lesson.imageAlt ?? lesson.title}
        className="mx-auto max-h-[32rem] w-auto max-w-full rounded-xl border object-contain"
      />
    );
  }
  if (!lesson.content) return <p className="text-muted-foreground">{t('learning.noContent')}</p>;
  return (
    <TextWithImage imageUrl={lesson.imageUrl} alt={lesson.imageAlt ?? lesson.title}>
      <div
        dir="auto"
        className="rich-text max-w-3xl [&>:first-child]:mt-0"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server and again here
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(lesson.content) }}
      />
    </TextWithImage>
  );
}
