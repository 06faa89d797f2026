import { type FormEvent, useState } from 'react';
import type { Lesson } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useUpdateSlide } from '../api/update-slide';
import { captionsAreValid } from './captions-fields';
import { type SlideDraft, SlideFields, slideBody } from './slide-fields';

interface EditSlideDialogProps {
  /** The slide being edited; null keeps the dialog closed. */
  slide: Lesson | null;
  onClose: () => void;
  moduleId: string;
  courseId: string | undefined;
}

export function EditSlideDialog({ slide, onClose, moduleId, courseId }: EditSlideDialogProps) {
  return (
    <Dialog open={slide !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        {slide ? <EditSlideForm key={slide.id} slide={slide} onClose={onClose} moduleId={moduleId} courseId={courseId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditSlideForm({ slide, onClose, moduleId, courseId }: EditSlideDialogProps & { slide: Lesson }) {
  const [draft, setDraft] = useState<SlideDraft>({
    title: slide.title,
    content: slide.content ?? '',
    imageUrl: slide.imageUrl,
    imageAlt: slide.imageAlt ?? '',
    videoUrl: slide.videoUrl,
    notebookUrl: slide.notebookUrl,
    captions: slide.captions,
  });
  const [isUploading, setUploading] = useState(false);
  const updateSlide = useUpdateSlide(moduleId, courseId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) {
      toast({ variant: 'destructive', title: 'Missing information', description: 'Please enter a title.' });
      return;
    }
    if (!captionsAreValid(draft.captions)) {
      toast({ variant: 'destructive', title: 'Check the captions', description: 'Each needs a language and a label.' });
      return;
    }
    try {
      await updateSlide.mutateAsync({ id: slide.id, body: slideBody(slide.type, draft) });
      toast({ variant: 'success', title: 'Slide updated' });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to update slide',
        description: getErrorMessage(error, 'Please try again.'),
      });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit Slide</DialogTitle>
        <DialogDescription>{`Change the title or the ${slide.type} of this slide.`}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <SlideFields
          type={slide.type}
          draft={draft}
          onBusyChange={setUploading}
          onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={updateSlide.isPending || isUploading}>
            {updateSlide.isPending ? <Spinner /> : null}
            Save Slide
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
