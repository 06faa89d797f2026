import type { PublishChecklistItem } from '#shared/schemas/creator';
import { formatPrice } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

/** What the server's quoted title is in its English words: “Intro”. */
const QUOTED = /“(.*)”/s;

/**
 * A checklist item in the page's language. The server judges each item and words it in English, as
 * every API text (docs/product.md, Languages); the builder knows each kind of item by its key and
 * tells it in the reader's words, with the price formatted for them. An item of a kind the builder
 * does not know yet is shown as the server words it.
 */
export function checklistWords(item: PublishChecklistItem, price: string): { label: string; detail: string } {
  const [kind] = item.key.split(':');
  switch (kind) {
    case 'archived':
      return { label: t('courseBuilder.checkArchived'), detail: t('courseBuilder.checkArchivedDetail') };
    case 'title':
      return { label: t('courseBuilder.checkTitle'), detail: item.ok ? item.detail : t('courseBuilder.checkTitleDetail') };
    case 'description':
      return {
        label: t('courseBuilder.checkDescription'),
        detail: item.ok ? t('courseBuilder.checkDescriptionDone') : t('courseBuilder.checkDescriptionDetail'),
      };
    case 'thumbnail':
      return {
        label: t('courseBuilder.checkThumbnail'),
        detail: item.ok ? t('courseBuilder.checkThumbnailDone') : t('courseBuilder.checkThumbnailDetail'),
      };
    case 'content': {
      const count = Number.parseInt(item.detail, 10);
      if (item.ok && !Number.isInteger(count)) break;
      return {
        label: t('courseBuilder.checkContent'),
        detail: item.ok ? t('courseBuilder.checkContentDone', { count }) : t('courseBuilder.checkContentDetail'),
      };
    }
    case 'module':
    case 'quiz': {
      const title = QUOTED.exec(item.label)?.[1];
      if (title === undefined) break;
      return kind === 'module'
        ? { label: t('courseBuilder.checkModule', { title }), detail: t('courseBuilder.checkModuleDetail', { title }) }
        : { label: t('courseBuilder.checkQuiz', { title }), detail: t('courseBuilder.checkQuizDetail', { title }) };
    }
    case 'price':
      return { label: t('courseBuilder.checkPrice'), detail: formatPrice(price) };
  }
  return { label: item.label, detail: item.detail };
}
