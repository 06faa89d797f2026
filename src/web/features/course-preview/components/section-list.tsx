import { BookOpen, ListChecks } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import type { PreviewSection } from '../hooks/use-preview-sections';

/** "Module · 3 lessons", "Quiz · 1 question". */
function kindAndCount(section: PreviewSection): string {
  if (section.kind === 'module') {
    return t('preview.moduleCount', { count: t('preview.lessonCount', { count: section.lessons.length }) });
  }
  return t('preview.quizCount', { count: t('preview.questionCount', { count: section.questionCount }) });
}

/** The numbered sections, modules and quizzes in their shared order; Up / Down move between them. */
export function SectionList({
  sections,
  selectedId,
  onSelect,
}: {
  sections: PreviewSection[];
  selectedId: string | undefined;
  /** `reveal`: a tap or click, after which a phone scrolls to the content (arrow keys stay in the list). */
  onSelect: (id: string, reveal: boolean) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    const at = sections.findIndex((section) => section.id === selectedId);
    const next = sections[Math.max(0, Math.min(at + step, sections.length - 1))];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id, false);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-section-id="${CSS.escape(next.id)}"]`)?.focus();
  };

  return (
    <nav aria-label={t('preview.sections')}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{t('learning.courseContent')}</h2>
      {sections.length === 0 ? (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">{t('preview.noSections')}</p>
      ) : (
        <ol className="grid gap-2" onKeyDown={onKeyDown}>
          {sections.map((section, index) => {
            const Icon = section.kind === 'module' ? BookOpen : ListChecks;
            const isSelected = section.id === selectedId;
            return (
              <li key={section.id}>
                <button
                  type="button"
                  data-section-id={section.id}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => onSelect(section.id, true)}
                  className={cn(
                    'flex w-full items-start gap-3 rounded-xl border bg-card p-3 text-start text-sm transition-colors',
                    'hover:border-primary/60 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    isSelected && 'border-primary bg-primary/10',
                  )}
                >
                  <Icon
                    className={cn('mt-0.5 size-4 shrink-0', isSelected ? 'text-primary' : 'text-muted-foreground')}
                    aria-hidden="true"
                  />
                  <span className="grid min-w-0 gap-0.5">
                    <span className="font-medium break-words">
                      {index + 1}. {section.title}
                    </span>
                    <span className="text-xs text-muted-foreground">{kindAndCount(section)}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </nav>
  );
}
