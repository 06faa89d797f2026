import { FileCode, FileText, Image, type LucideIcon, Video } from 'lucide-react';
import type { LessonType } from '#shared/lists';

export const SLIDE_TYPE_ICON: Record<LessonType, LucideIcon> = { text: FileText, image: Image, video: Video, notebook: FileCode };
export const SLIDE_TYPE_LABEL: Record<LessonType, string> = {
  text: 'Text',
  image: 'Image',
  video: 'Video',
  notebook: 'Notebook',
};
export const SLIDE_TYPE_HINT: Record<LessonType, string> = {
  text: 'Formatted text: headings, bold, highlights',
  image: 'A picture or diagram, up to 5 MB',
  video: 'An MP4, WebM or MOV clip, up to 100 MB',
  notebook: 'A Jupyter notebook (.ipynb), up to 5 MB, its code runnable',
};
