import { useId } from 'react';
import type { LessonType } from '#shared/lists';
import { VIDEO_MAX_BYTES } from '#shared/schemas/uploads';
import { RichTextEditor } from '#web/components/rich-text-editor';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { UploadButton } from '#web/components/upload-button';
import { toObjectPath } from '../api/thumbnail';

export type SlideDraft = { title: string; content: string; imageUrl: string | null; videoUrl: string | null };

/** The title and the one field of the slide's type: text (no lists in slides), an image or a video. */
export function SlideFields({
  type,
  draft,
  onChange,
}: {
  type: LessonType;
  draft: SlideDraft;
  onChange: (change: Partial<SlideDraft>) => void;
}) {
  const contentId = useId();
  return (
    <div className="grid gap-4">
      <FormField label="Slide Title">
        {(control) => (
          <Input {...control} value={draft.title} maxLength={200} onChange={(event) => onChange({ title: event.target.value })} />
        )}
      </FormField>
      {type === 'text' ? (
        <div className="grid gap-2">
          <Label id={contentId}>Content</Label>
          <RichTextEditor
            aria-labelledby={contentId}
            lists={false}
            value={draft.content}
            onChange={(content) => onChange({ content })}
          />
        </div>
      ) : type === 'image' ? (
        <div className="grid gap-3">
          <span className="text-sm font-medium">Image</span>
          {draft.imageUrl ? (
            <img src={draft.imageUrl} alt="Slide" className="max-h-48 w-fit rounded-lg border object-contain" />
          ) : null}
          <UploadButton onComplete={async ({ uploadURL }) => onChange({ imageUrl: await toObjectPath(uploadURL) })}>
            {draft.imageUrl ? 'Replace Image' : 'Upload Image'}
          </UploadButton>
        </div>
      ) : (
        <div className="grid gap-3">
          <span className="text-sm font-medium">Video</span>
          {draft.videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: creators' uploads come without caption tracks
            <video src={draft.videoUrl} controls className="max-h-48 w-full rounded-lg border bg-black" />
          ) : null}
          <UploadButton
            accept="video"
            maxFileSize={VIDEO_MAX_BYTES}
            onComplete={async ({ uploadURL }) => onChange({ videoUrl: await toObjectPath(uploadURL) })}
          >
            {draft.videoUrl ? 'Replace Video' : 'Upload Video'}
          </UploadButton>
        </div>
      )}
    </div>
  );
}

/** The body of a create or update call: the type's own field only. */
export function slideBody(type: LessonType, draft: SlideDraft) {
  const title = draft.title.trim();
  if (type === 'text') return { title, content: draft.content };
  if (type === 'image') return { title, imageUrl: draft.imageUrl };
  return { title, videoUrl: draft.videoUrl };
}
