import type { Difficulty } from '#shared/difficulties';
import { t } from './t';

/** A level as people read it, in the page's language; the API's values stay English. */
export function difficultyLabel(level: Difficulty): string {
  switch (level) {
    case 'Beginner':
      return t('common.beginner');
    case 'Intermediate':
      return t('common.intermediate');
    case 'Advanced':
      return t('common.advanced');
  }
}
