import { Bot, Brain, BrainCircuit, ChartLine, Cpu, Layers, type LucideIcon, Network, Sparkles } from 'lucide-react';
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

const icons: LucideIcon[] = [Brain, BrainCircuit, Cpu, Bot, Network, ChartLine, Sparkles, Layers];

/** FNV-1a: a stable hash so a course keeps the same placeholder everywhere. */
function hashOf(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

interface CourseThumbnailProps {
  course: Pick<Course, 'id' | 'thumbnail'>;
  className?: string;
  iconClassName?: string;
  /** Load eagerly when above the fold. */
  priority?: boolean;
}

export function CourseThumbnail({ course, className, iconClassName, priority = false }: CourseThumbnailProps) {
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
  const Icon = icons[(hash >>> 8) % icons.length] ?? Brain;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'relative flex size-full items-center justify-center overflow-hidden bg-gradient-to-br',
        gradients[hash % gradients.length],
        className,
      )}
    >
      <div className="absolute -top-1/4 -right-1/4 size-3/4 rounded-full bg-white/10 blur-2xl" />
      <div className="absolute -bottom-1/3 -left-1/4 size-2/3 rounded-full bg-black/10 blur-2xl" />
      <Icon className={cn('relative size-14 text-white/90 drop-shadow-md', iconClassName)} strokeWidth={1.5} />
    </div>
  );
}
