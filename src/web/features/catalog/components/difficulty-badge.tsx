import type { Difficulty } from '#shared/schemas/catalog';
import { Badge } from '#web/components/ui/badge';
import { difficultyLabel } from '#web/lib/i18n/difficulty';
import { cn } from '#web/lib/utils';

const styles: Record<Difficulty, string> = {
  Beginner: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  Intermediate: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  Advanced: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
};

export function DifficultyBadge({ difficulty, className }: { difficulty?: Difficulty | null; className?: string }) {
  const level = difficulty ?? 'Beginner';
  return (
    <Badge variant="outline" className={cn('border-transparent shadow-sm', styles[level], className)}>
      {difficultyLabel(level)}
    </Badge>
  );
}
