import { type FormEvent, useState } from 'react';
import { type LessonType, lessonTypes } from '#shared/lists';
import type { Lesson } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useCreateSlide } from '../api/create-slide';
import { captionsAreValid } from './captions-fields';
import { EMPTY_DRAFT, type SlideDraft, SlideFields, slideBody } from './slide-fields';
import { SLIDE_TYPE_HINT, SLIDE_TYPE_ICON, SLIDE_TYPE_LABEL } from './slide-types';

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
        title: 'Missing information',
        description: 'Please select a slide type and enter a title.',
      });
      return;
    }
    if (!captionsAreValid(draft.captions)) {
      toast({ variant: 'destructive', title: 'Check the captions', description: 'Each needs a language and a label.' });
      return;
    }
    try {
      const slide = await createSlide.mutateAsync({ type, ...slideBody(type, draft) });
      toast({ variant: 'success', title: 'Slide added' });
      onAdded(slide);
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to add slide', description: getErrorMessage(error, 'Please try again.') });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Add Page</DialogTitle>
        <DialogDescription>
          {type ? `Step 2 of 2: the details of your ${type} slide.` : 'Step 1 of 2: choose the type of slide.'}
        </DialogDescription>
      </DialogHeader>
      {type === null ? (
        <fieldset>
          <legend className="sr-only">Slide type</legend>
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
                  className="flex items-center gap-3 rounded-xl border p-4 text-left transition-colors hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-col sm:text-center"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="font-medium">{SLIDE_TYPE_LABEL[choice]}</span>
                    <span id={`slide-type-hint-${choice}`} aria-hidden="true" className="text-xs text-muted-foreground">
                      {SLIDE_TYPE_HINT[choice]}
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
              Change Type
            </Button>
            <Button type="submit" disabled={createSlide.isPending || isUploading}>
              {createSlide.isPending ? <Spinner /> : null}
              Add Slide
            </Button>
          </DialogFooter>
        </form>
      )}
    </>
  );
}
