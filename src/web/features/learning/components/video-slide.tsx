import { lazy, Suspense, useRef } from 'react';
import type { Lesson } from '#shared/schemas/creator';
import { watchedShare } from './watched-share';

// Resume, saving, speed, captions and keys come after first paint: Learn's first load is at its budget.
const VideoControls = lazy(() => import('./video-controls'));

/** docs/product.md, Video: the slide's video with its captions, and the player's controls. */
export function VideoSlide({
  lesson,
  courseId,
  videoUrl,
  videoCompletePercent,
  onSeen,
}: {
  lesson: Lesson;
  courseId: string;
  videoUrl: string;
  videoCompletePercent: number;
  onSeen: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const seenIfWatched = (element: HTMLVideoElement) => {
    // What was played, not where the playhead is: seeking to the end watches nothing.
    if (watchedShare(element) * 100 >= videoCompletePercent) onSeen();
  };
  return (
    <div className="grid gap-3">
      {/* biome-ignore lint/a11y/useMediaCaption: captions are the creator's to add; a slide may have none */}
      <video
        ref={video}
        key={videoUrl}
        src={videoUrl}
        controls
        controlsList="nodownload"
        // Focusable, so its keyboard shortcuts work (video-controls.tsx).
        tabIndex={0}
        aria-label={lesson.title}
        onContextMenu={(event) => event.preventDefault()}
        onTimeUpdate={(event) => seenIfWatched(event.currentTarget)}
        onEnded={(event) => seenIfWatched(event.currentTarget)}
        className="aspect-video w-full rounded-xl bg-black"
      >
        {lesson.captions.map((caption) => (
          <track key={caption.language} kind="subtitles" srcLang={caption.language} label={caption.label} src={caption.url} />
        ))}
      </video>
      <Suspense>
        <VideoControls key={videoUrl} video={video} lesson={lesson} courseId={courseId} />
      </Suspense>
    </div>
  );
}
