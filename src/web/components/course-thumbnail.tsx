import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { Course } from '#shared/schemas/catalog';
import { cn } from '#web/lib/utils';

const gradients = [
  'from-indigo-500 via-violet-500 to-fuchsia-500',
  'from-sky-500 via-blue-600 to-indigo-600',
  'from-emerald-500 via-teal-500 to-cyan-600',
  'from-orange-400 via-rose-500 to-pink-600',
  'from-violet-600 via-purple-600 to-indigo-800',
  'from-cyan-500 via-sky-600 to-violet-600',
  'from-fuchsia-500 via-pink-500 to-orange-400',
  'from-slate-700 via-indigo-700 to-violet-700',
] as const;

/** FNV-1a: a stable hash so a course keeps the same placeholder everywhere. */
function hashOf(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

// Little words say nothing about a course: "A First Course in Machine Learning" is "FC", not "AF".
const MINOR_WORDS = new Set(['a', 'an', 'and', 'for', 'from', 'in', 'into', 'of', 'on', 'the', 'to', 'with', 'your']);

/** Up to two capitals from the title's first telling words; '' when it has no letters or digits. */
export function initialsOf(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  const telling = words.filter((word) => !MINOR_WORDS.has(word.toLowerCase()));
  const chosen = (telling.length > 0 ? telling : words).slice(0, 2);
  return chosen
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
}

interface CourseThumbnailProps {
  course: Pick<Course, 'id' | 'thumbnail' | 'title'>;
  className?: string;
  iconClassName?: string;
  /** The initials' size: large on cards, smaller in a list row. */
  initialsClassName?: string;
  /** Load eagerly when above the fold. */
  priority?: boolean;
}

/**
 * The course's image, or where it has none (or it fails to load) a designed placeholder: the course's
 * own gradient with its initials, so no list shows a blank box.
 */
export function CourseThumbnail({
  course,
  className,
  iconClassName,
  initialsClassName = 'text-5xl sm:text-6xl',
  priority = false,
}: CourseThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = course.thumbnail && course.thumbnail !== failedSrc ? course.thumbnail : null;

  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cn('size-full object-cover', className)}
      />
    );
  }

  const hash = hashOf(course.id);
  const initials = initialsOf(course.title);
  return (
    <div
      aria-hidden="true"
      data-testid="thumbnail-placeholder"
      className={cn(
        'relative flex size-full items-center justify-center overflow-hidden bg-gradient-to-br',
        gradients[hash % gradients.length],
        className,
      )}
    >
      <div className="absolute -end-1/4 -top-1/4 size-3/4 rounded-full bg-white/10 blur-2xl" />
      <div className="absolute -start-1/4 -bottom-1/3 size-2/3 rounded-full bg-black/10 blur-2xl" />
      {/* The initials carry the design; one icon only where a title has no letters (the JavaScript budget). */}
      {initials ? (
        <span
          className={cn('relative leading-none font-extrabold tracking-tight text-white/95 drop-shadow-md', initialsClassName)}
        >
          {initials}
        </span>
      ) : (
        <Sparkles className={cn('relative size-14 text-white/90 drop-shadow-md', iconClassName)} strokeWidth={1.5} />
      )}
    </div>
  );
}
