import { FileCode, FileText, Image, type LucideIcon, Video } from 'lucide-react';
import type { LessonType } from '#shared/lists';
import { t } from '#web/lib/i18n/t';

export const SLIDE_TYPE_ICON: Record<LessonType, LucideIcon> = { text: FileText, image: Image, video: Video, notebook: FileCode };

export function slideTypeLabel(type: LessonType): string {
  switch (type) {
    case 'text':
      return t('moduleBuilder.typeText');
    case 'image':
      return t('moduleBuilder.typeImage');
    case 'video':
      return t('moduleBuilder.typeVideo');
    case 'notebook':
      return t('moduleBuilder.typeNotebook');
  }
}

export function slideTypeHint(type: LessonType): string {
  switch (type) {
    case 'text':
      return t('moduleBuilder.hintText');
    case 'image':
      return t('moduleBuilder.hintImage');
    case 'video':
      return t('moduleBuilder.hintVideo');
    case 'notebook':
      return t('moduleBuilder.hintNotebook');
  }
}
