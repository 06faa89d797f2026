import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { t } from '#web/lib/i18n/t';
import type { SectionKind } from './sections';

export interface ContentItem {
  kind: SectionKind;
  id: string;
  title: string;
  description: string | null;
  order: number;
  /** 'Module 2', 'Quiz 1': counted within each kind (docs/product.md, Publishing and the studio). */
  label: string;
  /** How much the item holds: its slides or its questions. */
  size: number;
}

/** Modules and quizzes merged and sorted by order (docs/product.md, Publishing and the studio). */
export function toContentItems(modules: readonly ModuleOutline[], quizzes: readonly QuizOutline[]): ContentItem[] {
  const merged = [
    ...modules.map((m) => ({
      kind: 'module' as const,
      id: m.id,
      title: m.title,
      description: m.description,
      order: m.order,
      size: m.lessons.length,
    })),
    ...quizzes.map((q) => ({
      kind: 'quiz' as const,
      id: q.id,
      title: q.title,
      description: q.description,
      order: q.order,
      size: q.questionCount,
    })),
  ].sort((a, b) => a.order - b.order);
  const counts = { module: 0, quiz: 0 };
  return merged.map((item) => {
    counts[item.kind] += 1;
    const number = counts[item.kind];
    return {
      ...item,
      label: item.kind === 'module' ? t('courseBuilder.moduleNumber', { number }) : t('courseBuilder.quizNumber', { number }),
    };
  });
}
