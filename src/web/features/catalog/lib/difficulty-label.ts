import type { Difficulty } from '#shared/difficulties';
import { t } from '#web/lib/i18n/t';

/** A level as people read it; the API's values stay English. */
export function difficultyLabel(level: Difficulty): string {
  switch (level) {
    case 'Beginner':
      return t('catalog.beginner');
    case 'Intermediate':
      return t('catalog.intermediate');
    case 'Advanced':
      return t('catalog.advanced');
  }
}
