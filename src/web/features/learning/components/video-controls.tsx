import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { Lesson } from '#shared/schemas/creator';
import type { CourseProgress } from '#shared/schemas/learning';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { getCourseProgressQueryOptions } from '../api/get-course-progress';
import { savePosition } from '../api/save-position';
import { useLatest } from './use-latest';

/* docs/product.md, Video: resume, saving the position, speed, captions and keyboard shortcuts. */

const SAVE_EVERY_S = 10;
/** A position this close to the end starts the video again from the beginning. */
const NEAR_END_S = 5;
const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
const SPEED_KEY = 'video-speed';
const CAPTIONS_KEY = 'video-captions';
const OFF = '';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private windows may refuse: the choice then lasts for the page.
  }
}

function storedSpeed(): number {
  const speed = Number(stored(SPEED_KEY));
  return SPEEDS.includes(speed as (typeof SPEEDS)[number]) ? speed : 1;
}

const shortcuts = (): [keys: string, action: string][] => [
  [t('learning.keySpaceOrK'), t('learning.playOrPause')],
  ['J / L', t('learning.seek10')],
  ['← / →', t('learning.seek5')],
  ['M', t('learning.muteOrUnmute')],
  ['F', t('learning.fullScreen')],
  ['C', t('learning.captionsOnOff')],
  ['Shift + < / Shift + >', t('learning.slowerOrFaster')],
];

type Shortcut = 'play' | 'back10' | 'forward10' | 'back5' | 'forward5' | 'mute' | 'fullscreen' | 'captions' | 'slower' | 'faster';

function shortcutAction(key: string): Shortcut | null {
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case ' ':
    case 'k':
      return 'play';
    case 'j':
      return 'back10';
    case 'l':
      return 'forward10';
    case 'ArrowLeft':
      return 'back5';
    case 'ArrowRight':
      return 'forward5';
    case 'm':
      return 'mute';
    case 'f':
      return 'fullscreen';
    case 'c':
      return 'captions';
    case '<':
      return 'slower';
    case '>':
      return 'faster';
    default:
      return null;
  }
}

type Choices = {
  speed: number;
  captions: string;
  chooseSpeed: (speed: number) => void;
  chooseCaptions: (language: string) => void;
  hasCaptions: boolean;
};

function runShortcut(element: HTMLVideoElement, action: Shortcut, choices: Choices, lastCaptions: string) {
  const seekBy = (seconds: number) => {
    element.currentTime = Math.max(0, Math.min(element.duration || 0, element.currentTime + seconds));
  };
  const stepSpeed = (direction: 1 | -1) => {
    const next = SPEEDS[SPEEDS.indexOf(choices.speed as (typeof SPEEDS)[number]) + direction];
    if (next !== undefined) choices.chooseSpeed(next);
  };
  switch (action) {
    case 'play':
      if (element.paused) void element.play();
      else element.pause();
      return;
    case 'back10':
      return seekBy(-10);
    case 'forward10':
      return seekBy(10);
    case 'back5':
      return seekBy(-5);
    case 'forward5':
      return seekBy(5);
    case 'mute':
      element.muted = !element.muted;
      return;
    case 'fullscreen':
      if (document.fullscreenElement) void document.exitFullscreen();
      else void element.requestFullscreen?.();
      return;
    case 'captions':
      if (choices.hasCaptions) choices.chooseCaptions(choices.captions === OFF ? lastCaptions : OFF);
      return;
    case 'slower':
      return stepSpeed(-1);
    case 'faster':
      return stepSpeed(1);
  }
}

export default function VideoControls({
  video,
  lesson,
  courseId,
}: {
  video: RefObject<HTMLVideoElement | null>;
  lesson: Lesson;
  courseId: string;
}) {
  const queryClient = useQueryClient();
  const [speed, setSpeed] = useState(storedSpeed);
  const [captions, setCaptions] = useState(OFF);
  const speedId = useId();
  const captionsId = useId();
  const lastCaptions = useRef(lesson.captions[0]?.language ?? OFF);

  // The position saved when the slide opened: read once, so the player's own saves never seek it.
  const [savedAt] = useState(
    () =>
      queryClient
        .getQueryData<CourseProgress>(getCourseProgressQueryOptions(courseId).queryKey)
        ?.lessons.find((entry) => entry.lessonId === lesson.id)?.positionSeconds,
  );

  useEffect(() => {
    const element = video.current;
    if (element) element.playbackRate = speed;
  }, [video, speed]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    for (const track of Array.from(element.textTracks)) {
      track.mode = captions !== OFF && track.language === captions ? 'showing' : 'disabled';
    }
  }, [video, captions]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let lastSaved = -1;
    let lastSavedAt = 0;
    // Until the learner plays or seeks, the playhead says nothing about where they are.
    let touched = false;

    const save = (leaving = false) => {
      if (!touched || !Number.isFinite(element.currentTime)) return;
      const position = element.currentTime;
      // A leaving save always goes: the pause that leaving causes saves too, by a fetch the unload may cancel.
      if (!leaving && Math.abs(position - lastSaved) < 0.5) return;
      lastSaved = position;
      lastSavedAt = Date.now();
      queryClient.setQueryData<CourseProgress>(getCourseProgressQueryOptions(courseId).queryKey, (progress) =>
        progress
          ? {
              ...progress,
              lessons: progress.lessons.map((entry) =>
                entry.lessonId === lesson.id ? { ...entry, positionSeconds: position } : entry,
              ),
            }
          : progress,
      );
      savePosition({ lessonId: lesson.id, positionSeconds: position, leaving }).catch(() => {
        // A lost save costs a few seconds of position: the next one catches up.
        lastSaved = -1;
      });
    };

    const resume = () => {
      if (!savedAt || savedAt >= element.duration - NEAR_END_S) return;
      // The seek this makes is no news to the server.
      lastSaved = savedAt;
      element.currentTime = savedAt;
    };
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
    else element.addEventListener('loadedmetadata', resume, { once: true });

    const onPlay = () => {
      touched = true;
    };
    const onTimeUpdate = () => {
      if (!element.paused && Date.now() - lastSavedAt >= SAVE_EVERY_S * 1000) save();
    };
    const onPause = () => save();
    const onSeeked = () => {
      touched = true;
      save();
    };
    const onLeave = () => save(true);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('timeupdate', onTimeUpdate);
    element.addEventListener('pause', onPause);
    element.addEventListener('seeked', onSeeked);
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      element.removeEventListener('loadedmetadata', resume);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('timeupdate', onTimeUpdate);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('seeked', onSeeked);
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('visibilitychange', onHidden);
      // Another slide, or another page of the app.
      save(true);
    };
  }, [video, lesson.id, courseId, savedAt, queryClient]);

  const chooseSpeed = (next: number) => {
    setSpeed(next);
    store(SPEED_KEY, String(next));
  };
  const chooseCaptions = (language: string) => {
    if (language !== OFF) lastCaptions.current = language;
    setCaptions(language);
    store(CAPTIONS_KEY, language);
  };

  // The learner's last choice of captions, where this slide has that language.
  useEffect(() => {
    const preferred = stored(CAPTIONS_KEY);
    if (preferred && lesson.captions.some((caption) => caption.language === preferred)) {
      lastCaptions.current = preferred;
      setCaptions(preferred);
    }
  }, [lesson.captions]);

  const latest = useLatest({ speed, captions, chooseSpeed, chooseCaptions, hasCaptions: lesson.captions.length > 0 });
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      // Keys typed into a field, a list or a button are theirs: shortcuts act only on the focused video.
      if (event.target !== element || event.ctrlKey || event.metaKey || event.altKey) return;
      const action = shortcutAction(event.key);
      if (!action) return;
      event.preventDefault();
      runShortcut(element, action, latest.current, lastCaptions.current);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [video, latest]);

  const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <span className="flex items-center gap-2">
        <label htmlFor={speedId}>{t('learning.speed')}</label>
        <select id={speedId} className={selectClass} value={speed} onChange={(event) => chooseSpeed(Number(event.target.value))}>
          {SPEEDS.map((option) => (
            <option key={option} value={option}>
              {t('learning.speedOption', { speed: formatCount(option) })}
            </option>
          ))}
        </select>
      </span>
      {lesson.captions.length > 0 ? (
        <span className="flex items-center gap-2">
          <label htmlFor={captionsId}>{t('learning.captions')}</label>
          <select
            id={captionsId}
            className={selectClass}
            value={captions}
            onChange={(event) => chooseCaptions(event.target.value)}
          >
            <option value={OFF}>{t('learning.captionsOff')}</option>
            {lesson.captions.map((caption) => (
              <option key={caption.language} value={caption.language}>
                {caption.label}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <details className="basis-full">
        <summary className="w-fit cursor-pointer text-muted-foreground">{t('learning.keyboardShortcuts')}</summary>
        <p className="mt-2 text-muted-foreground">{t('learning.shortcutsIntro')}</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {shortcuts().map(([keys, action]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd dir="ltr" className="font-mono">
                  {keys}
                </kbd>
              </dt>
              <dd className="text-muted-foreground">{action}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
