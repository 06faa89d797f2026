import { type FormEvent, useState } from 'react';
import { type LessonType, lessonTypes } from '#shared/lists';
import type { Lesson } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { useCreateSlide } from '../api/create-slide';
import { captionsAreValid } from './captions-fields';
import { EMPTY_DRAFT, type SlideDraft, SlideFields, slideBody } from './slide-fields';
import { SLIDE_TYPE_ICON, slideTypeHint, slideTypeLabel } from './slide-types';

interface AddSlideDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  moduleId: string;
  courseId: string | undefined;
  /** Called once the new slide is in the refreshed list. */
  onAdded: (slide: Lesson) => void;
}

/**
 * docs/product.md, Publishing and the studio: step 1 chooses the type, step 2 the details; Change Type goes
 * back to step 1.
 */
export function AddSlideDialog({ open, onOpenChange, ...props }: AddSlideDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {/* Mounted only while open, so every opening starts from an empty step 1. */}
        {open ? <AddSlideSteps {...props} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddSlideSteps({
  moduleId,
  courseId,
  onAdded,
  onClose,
}: Omit<AddSlideDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [type, setType] = useState<LessonType | null>(null);
  const [draft, setDraft] = useState<SlideDraft>(EMPTY_DRAFT);
  const [isUploading, setUploading] = useState(false);
  const createSlide = useCreateSlide(moduleId, courseId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!type || !draft.title.trim()) {
      toast({
        variant: 'destructive',
        title: t('moduleBuilder.missingInformation'),
        description: t('moduleBuilder.chooseTypeAndTitle'),
      });
      return;
    }
    if (!captionsAreValid(draft.captions)) {
      toast({
        variant: 'destructive',
        title: t('moduleBuilder.checkCaptions'),
        description: t('moduleBuilder.captionsNeed'),
      });
      return;
    }
    try {
      const slide = await createSlide.mutateAsync({ type, ...slideBody(type, draft) });
      toast({ variant: 'success', title: t('moduleBuilder.slideAdded') });
      onAdded(slide);
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('moduleBuilder.addFailed'),
        description: getErrorMessage(error, t('courseBuilder.tryAgain')),
      });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('moduleBuilder.addPage')}</DialogTitle>
        <DialogDescription>{type ? t('moduleBuilder.stepTwo', { type }) : t('moduleBuilder.stepOne')}</DialogDescription>
      </DialogHeader>
      {type === null ? (
        <fieldset>
          <legend className="sr-only">{t('moduleBuilder.slideType')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {lessonTypes.map((choice) => {
              const Icon = SLIDE_TYPE_ICON[choice];
              return (
                // Named by its visible title; the hint is its description, kept out of the name but on screen.
                <button
                  key={choice}
                  type="button"
                  aria-describedby={`slide-type-hint-${choice}`}
                  onClick={() => setType(choice)}
                  className="flex items-center gap-3 rounded-xl border p-4 text-start transition-colors hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-col sm:text-center"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="font-medium">{slideTypeLabel(choice)}</span>
                    <span id={`slide-type-hint-${choice}`} aria-hidden="true" className="text-xs text-muted-foreground">
                      {slideTypeHint(choice)}
                    </span>
                  </span>
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <SlideFields
            type={type}
            draft={draft}
            onBusyChange={setUploading}
            onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
          />
          <DialogFooter className="gap-2 sm:justify-between">
            <Button
              variant="outline"
              disabled={createSlide.isPending || isUploading}
              onClick={() => {
                // Only the title carries over: a text slide's content means nothing to an image slide.
                setDraft({ ...EMPTY_DRAFT, title: draft.title });
                setType(null);
              }}
            >
              {t('moduleBuilder.changeType')}
            </Button>
            <Button type="submit" disabled={createSlide.isPending || isUploading}>
              {createSlide.isPending ? <Spinner /> : null}
              {t('moduleBuilder.addSlide')}
            </Button>
          </DialogFooter>
        </form>
      )}
    </>
  );
}
