import type { Lesson } from '#shared/schemas/creator';
import { sanitizeHtml } from '#web/lib/sanitize';

/** One slide as a learner sees it; `empty` holds the words for a slide without its media. */
export function SlideContent({ lesson, empty }: { lesson: Lesson; empty: { text: string; image: string; video: string } }) {
  if (lesson.type === 'video') {
    return lesson.videoUrl ? (
      // biome-ignore lint/a11y/useMediaCaption: creators' uploads come without caption tracks
      <video
        key={lesson.videoUrl}
        src={lesson.videoUrl}
        controls
        controlsList="nodownload"
        className="aspect-video w-full rounded-lg bg-black"
      />
    ) : (
      <p className="py-10 text-center text-muted-foreground">{empty.video}</p>
    );
  }
  if (lesson.type === 'image') {
    return lesson.imageUrl ? (
      <img src={lesson.imageUrl} alt={lesson.title} className="mx-auto max-h-[28rem] rounded-lg object-contain" />
    ) : (
      <p className="py-10 text-center text-muted-foreground">{empty.image}</p>
    );
  }
  return lesson.content ? (
    <div
      className="rich-text max-w-none break-words [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server and again here
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(lesson.content) }}
    />
  ) : (
    <p className="py-10 text-center text-muted-foreground">{empty.text}</p>
  );
}
