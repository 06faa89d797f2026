import { type Caption, CaptionSchema } from '#shared/schemas/captions';
import { CAPTIONS_MAX } from '#shared/schemas/creator';
import { CAPTIONS_MAX_BYTES } from '#shared/schemas/uploads';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { UploadButton } from '#web/components/upload-button';
import { intlLocale } from '#web/lib/i18n/locale';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { saveMedia } from '../api/save-media';

/** What is wrong with each caption's language and label, by the server's rule (docs/product.md, Video). */
function captionErrors(captions: Caption[]): { language?: string; label?: string }[] {
  return captions.map((caption, index) => {
    const parsed = CaptionSchema.safeParse(caption);
    const errors: { language?: string; label?: string } = {};
    // The shared rule's own words are English: each field's problem is told in the page's language.
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'language') errors.language ??= t('moduleBuilder.captionLanguageInvalid');
      if (field === 'label') errors.label ??= t('moduleBuilder.captionLabelMissing');
    }
    const language = caption.language.trim().toLowerCase();
    if (!errors.language && captions.slice(0, index).some((other) => other.language.trim().toLowerCase() === language)) {
      errors.language = t('moduleBuilder.captionLanguageTaken');
    }
    return errors;
  });
}

const screenReaderOnly = { sr: (words: string) => <span className="sr-only">{words}</span> };

/** A video slide's WebVTT captions: upload one per language, name its language and label, remove. */
export function CaptionsFields({
  captions,
  onChange,
  onBusyChange,
}: {
  captions: Caption[];
  onChange: (captions: Caption[]) => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const errors = captionErrors(captions);
  const update = (index: number, change: Partial<Caption>) =>
    onChange(captions.map((caption, at) => (at === index ? { ...caption, ...change } : caption)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">{t('moduleBuilder.captions')}</legend>
      <p className="text-sm text-muted-foreground">{t('moduleBuilder.captionsIntro')}</p>
      {captions.map((caption, index) => (
        <div key={caption.url} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[8rem_1fr_auto] sm:items-start">
          <FormField
            label={<RichText text={t('moduleBuilder.captionLanguage', { number: index + 1 })} tags={screenReaderOnly} />}
            error={errors[index]?.language}
          >
            {(control) => (
              <Input
                {...control}
                value={caption.language}
                maxLength={35}
                autoComplete="off"
                placeholder={intlLocale()}
                dir="ltr"
                onChange={(event) => update(index, { language: event.target.value })}
              />
            )}
          </FormField>
          <FormField
            label={<RichText text={t('moduleBuilder.captionLabel', { number: index + 1 })} tags={screenReaderOnly} />}
            error={errors[index]?.label}
          >
            {(control) => (
              <Input
                {...control}
                value={caption.label}
                maxLength={80}
                autoComplete="off"
                placeholder={t('moduleBuilder.captionLabelPlaceholder')}
                onChange={(event) => update(index, { label: event.target.value })}
              />
            )}
          </FormField>
          <Button
            type="button"
            variant="outline"
            className="w-fit sm:mt-7"
            onClick={() => onChange(captions.filter((_, at) => at !== index))}
          >
            <RichText text={t('moduleBuilder.captionRemove', { number: index + 1 })} tags={screenReaderOnly} />
          </Button>
        </div>
      ))}
      {captions.length < CAPTIONS_MAX ? (
        <UploadButton
          accept="captions"
          maxFileSize={CAPTIONS_MAX_BYTES}
          className="w-fit"
          onBusyChange={onBusyChange}
          onComplete={async ({ uploadURL }) =>
            onChange([...captions, { language: '', label: '', url: await saveMedia(uploadURL) }])
          }
        />
      ) : null}
    </fieldset>
  );
}

/** Whether every caption has a valid language and label, each language once. */
export function captionsAreValid(captions: Caption[]): boolean {
  return captionErrors(captions).every((errors) => !errors.language && !errors.label);
}
