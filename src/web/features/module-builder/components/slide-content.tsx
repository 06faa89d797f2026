import type { Lesson } from '#shared/schemas/creator';
import { LazyNotebookView } from '#web/components/notebook/lazy-notebook-view';
import { TextWithImage } from '#web/components/text-with-image';
import { t } from '#web/lib/i18n/t';
import { sanitizeHtml } from '#web/lib/sanitize';

function missingText(type: Lesson['type']): string {
  switch (type) {
    case 'text':
      return t('moduleBuilder.missingText');
    case 'image':
      return t('moduleBuilder.missingImage');
    case 'video':
      return t('moduleBuilder.missingVideo');
    case 'notebook':
      return t('moduleBuilder.missingNotebook');
  }
}

/** The selected slide as learners will see it: sanitized text, the image, the video with controls, or the notebook. */
export function SlideContent({ slide }: { slide: Lesson }) {
  if (slide.type === 'notebook' && slide.notebookUrl) {
    return <LazyNotebookView lessonId={slide.id} notebookUrl={slide.notebookUrl} />;
  }
  if (slide.type === 'video' && slide.videoUrl) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: captions are the creator's to add; a slide may have none
      <video
        key={slide.videoUrl}
        src={slide.videoUrl}
        controls
        preload="metadata"
        aria-label={slide.title}
        className="aspect-video w-full rounded-xl bg-black"
      >
        {slide.captions.map((caption) => (
          <track key={caption.language} kind="subtitles" srcLang={caption.language} label={caption.label} src={caption.url} />
        ))}
      </video>
    );
  }
  if (slide.type === 'image' && slide.imageUrl) {
    return (
      <img
        src={slide.imageUrl}
        alt={slide.imageAlt ?? slide.title}
        className="mx-auto max-h-[28rem] w-auto max-w-full rounded-xl object-contain"
      />
    );
  }
  if (slide.type === 'text' && slide.content) {
    return (
      <TextWithImage imageUrl={slide.imageUrl} alt={slide.imageAlt ?? slide.title}>
        <div
          dir="auto"
          className="rich-text max-w-3xl [&>:first-child]:mt-0"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server and again here
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(slide.content) }}
        />
      </TextWithImage>
    );
  }
  return (
    <p className="rounded-xl border border-dashed px-4 py-12 text-center text-muted-foreground">{missingText(slide.type)}</p>
  );
}
