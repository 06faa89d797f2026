import { ImageIcon, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { IMAGE_MAX_BYTES } from '#shared/schemas/uploads';
import { Button } from '#web/components/ui/button';
import { UploadButton } from '#web/components/upload-button';
import { t } from '#web/lib/i18n/t';
import { saveThumbnail } from '../api/save-thumbnail';

interface ThumbnailFieldProps {
  value: string | null;
  onChange: (objectPath: string | null) => void;
  onBusyChange: (isBusy: boolean) => void;
  disabled?: boolean;
  /** The message under the field, when the server refused the thumbnail. */
  errorId?: string | undefined;
}

/** Upload, preview and removal of a course's cover image (images up to 5 MB: docs/product.md, Files and uploads). */
export function ThumbnailField({ value, onChange, onBusyChange, disabled = false, errorId }: ThumbnailFieldProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <fieldset className="grid gap-2" aria-labelledby={labelId} aria-describedby={errorId ? `${hintId} ${errorId}` : hintId}>
      <legend id={labelId} className="text-sm leading-none font-medium">
        {t('courseEditor.thumbnailLegend')}
      </legend>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-muted sm:w-56">
          {value ? (
            <img src={value} alt={t('courseEditor.thumbnailPreviewAlt')} className="size-full object-cover" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs text-muted-foreground">
              <ImageIcon className="size-6" aria-hidden="true" />
              {t('courseEditor.noThumbnail')}
            </span>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <UploadButton
              accept="image"
              disabled={disabled}
              onBusyChange={onBusyChange}
              onComplete={async ({ uploadURL }) => onChange(await saveThumbnail(uploadURL))}
            >
              {value ? t('courseEditor.replaceThumbnail') : t('courseEditor.uploadThumbnail')}
            </UploadButton>
            {value ? (
              <Button type="button" variant="ghost" disabled={disabled} onClick={() => onChange(null)}>
                <Trash2 aria-hidden="true" />
                {t('courseEditor.removeThumbnail')}
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            {t('courseEditor.thumbnailHint', { size: Math.round(IMAGE_MAX_BYTES / (1024 * 1024)) })}
          </p>
        </div>
      </div>
    </fieldset>
  );
}
