import { t } from '#web/lib/i18n/t';

/**
 * An enrolled learner's way into Learn, by their progress (as My Courses words it): Start Course at 0 %
 * (docs/product.md, Learning).
 */
export function learnLabel(progress: number | undefined): string {
  if (!progress) return t('catalog.startCourse');
  return progress >= 100 ? t('catalog.reviewCourse') : t('catalog.continueCourse');
}
