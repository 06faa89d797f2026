import { useId } from 'react';
import type { LessonType } from '#shared/lists';
import type { Caption } from '#shared/schemas/captions';
import { IMAGE_ALT_MAX, TITLE_MAX } from '#shared/schemas/creator';
import { NOTEBOOK_MAX_BYTES, VIDEO_MAX_BYTES } from '#shared/schemas/uploads';
import { RichTextEditor } from '#web/components/rich-text-editor';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { UploadButton } from '#web/components/upload-button';
import { t } from '#web/lib/i18n/t';
import { saveMedia } from '../api/save-media';
import { CaptionsFields } from './captions-fields';

export interface SlideDraft {
  title: string;
  content: string;
  imageUrl: string | null;
  /** What the image shows, for screen readers; '' leaves the title to stand in for it. */
  imageAlt: string;
  videoUrl: string | null;
  notebookUrl: string | null;
  /** A video slide's captions, one per language. */
  captions: Caption[];
}

export const EMPTY_DRAFT: SlideDraft = {
  title: '',
  content: '',
  imageUrl: null,
  imageAlt: '',
  videoUrl: null,
  notebookUrl: null,
  captions: [],
};

interface SlideFieldsProps {
  type: LessonType;
  draft: SlideDraft;
  onChange: (change: Partial<SlideDraft>) => void;
  /** Told while a file uploads, so the dialog does not save a slide without it. */
  onBusyChange: (isBusy: boolean) => void;
}

/** The title and the fields of the slide's type: a text slide's rich text and optional image (ADR 0024). */
export function SlideFields({ type, draft, onChange, onBusyChange }: SlideFieldsProps) {
  const contentLabelId = useId();
  return (
    <div className="grid gap-4">
      <FormField label={t('moduleBuilder.slideTitle')}>
        {(control) => (
          <Input
            {...control}
            value={draft.title}
            maxLength={TITLE_MAX}
            autoComplete="off"
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </FormField>
      {type === 'text' ? (
        <div className="grid gap-2">
          <Label id={contentLabelId}>{t('moduleBuilder.content')}</Label>
          <RichTextEditor
            aria-labelledby={contentLabelId}
            variant="slide"
            value={draft.content}
            onChange={(content) => onChange({ content })}
          />
          <SideImage draft={draft} onChange={onChange} onBusyChange={onBusyChange} />
        </div>
      ) : type === 'image' ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('moduleBuilder.typeImage')}</legend>
          {draft.imageUrl ? (
            <img
              src={draft.imageUrl}
              alt={t('moduleBuilder.slidePreviewAlt')}
              className="max-h-48 w-auto max-w-full justify-self-start rounded-lg border object-contain"
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t('moduleBuilder.imageFormats')}</p>
          )}
          <UploadButton
            className="w-fit"
            onBusyChange={onBusyChange}
            onComplete={async ({ uploadURL }) => onChange({ imageUrl: await saveMedia(uploadURL) })}
          >
            {draft.imageUrl ? t('moduleBuilder.replaceImage') : t('courseEditor.uploadImage')}
          </UploadButton>
          <AltTextField value={draft.imageAlt} onChange={(imageAlt) => onChange({ imageAlt })} />
        </fieldset>
      ) : type === 'notebook' ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('moduleBuilder.typeNotebook')}</legend>
          <p className="text-sm text-muted-foreground">
            {draft.notebookUrl ? t('moduleBuilder.notebookUploaded') : t('moduleBuilder.notebookHint')}
          </p>
          <UploadButton
            accept="notebook"
            maxFileSize={NOTEBOOK_MAX_BYTES}
            className="w-fit"
            onBusyChange={onBusyChange}
            onComplete={async ({ uploadURL }) => onChange({ notebookUrl: await saveMedia(uploadURL) })}
          >
            {draft.notebookUrl ? t('moduleBuilder.replaceNotebook') : t('courseEditor.uploadNotebook')}
          </UploadButton>
        </fieldset>
      ) : (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t('moduleBuilder.typeVideo')}</legend>
          {draft.videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: creators' uploads come without caption tracks
            <video
              src={draft.videoUrl}
              controls
              preload="metadata"
              aria-label={t('moduleBuilder.videoPreview')}
              className="aspect-video max-h-56 w-full rounded-lg border bg-black"
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t('moduleBuilder.videoFormats')}</p>
          )}
          <UploadButton
            accept="video"
            maxFileSize={VIDEO_MAX_BYTES}
            className="w-fit"
            onBusyChange={onBusyChange}
            onComplete={async ({ uploadURL }) => onChange({ videoUrl: await saveMedia(uploadURL) })}
          >
            {draft.videoUrl ? t('moduleBuilder.replaceVideo') : t('courseEditor.uploadVideo')}
          </UploadButton>
          <CaptionsFields captions={draft.captions} onChange={(captions) => onChange({ captions })} onBusyChange={onBusyChange} />
        </fieldset>
      )}
    </div>
  );
}

/** A text slide's optional image, shown beside its text. */
function SideImage({ draft, onChange, onBusyChange }: Omit<SlideFieldsProps, 'type'>) {
  return (
    <fieldset className="mt-2 grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('moduleBuilder.sideImage')}</legend>
      {draft.imageUrl ? (
        <img
          src={draft.imageUrl}
          alt={t('moduleBuilder.sideImageAlt')}
          className="max-h-40 w-auto max-w-full justify-self-start rounded-lg border object-contain"
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('moduleBuilder.sideImageHint')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <UploadButton
          className="w-fit"
          onBusyChange={onBusyChange}
          onComplete={async ({ uploadURL }) => onChange({ imageUrl: await saveMedia(uploadURL) })}
        >
          {draft.imageUrl ? t('moduleBuilder.replaceImage') : t('moduleBuilder.addImage')}
        </UploadButton>
        {draft.imageUrl ? (
          <Button type="button" variant="outline" className="w-fit" onClick={() => onChange({ imageUrl: null, imageAlt: '' })}>
            {t('moduleBuilder.removeImage')}
          </Button>
        ) : null}
      </div>
      {draft.imageUrl ? <AltTextField value={draft.imageAlt} onChange={(imageAlt) => onChange({ imageAlt })} /> : null}
    </fieldset>
  );
}

/** Optional: without it the slide title is what a screen reader says for the image. */
function AltTextField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormField label={t('moduleBuilder.altText')} hint={t('moduleBuilder.altHint', { max: IMAGE_ALT_MAX })}>
      {(control) => (
        <Input
          {...control}
          value={value}
          maxLength={IMAGE_ALT_MAX}
          autoComplete="off"
          placeholder={t('moduleBuilder.altPlaceholder')}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** A create or update body: the title and the fields of the slide's own type only (the server refuses others). */
export function slideBody(type: LessonType, draft: SlideDraft) {
  const title = draft.title.trim();
  const imageAlt = draft.imageAlt.trim() || null;
  if (type === 'text')
    return { title, content: draft.content, imageUrl: draft.imageUrl, imageAlt: draft.imageUrl ? imageAlt : null };
  if (type === 'image') return { title, imageUrl: draft.imageUrl, imageAlt };
  if (type === 'notebook') return { title, notebookUrl: draft.notebookUrl };
  return { title, videoUrl: draft.videoUrl, captions: draft.captions };
}
