import { type FormEvent, useState } from 'react';
import type { Lesson } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
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
      toast({
        variant: 'destructive',
        title: t('moduleBuilder.missingInformation'),
        description: t('moduleBuilder.enterTitle'),
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
      await updateSlide.mutateAsync({ id: slide.id, body: slideBody(slide.type, draft) });
      toast({ variant: 'success', title: t('moduleBuilder.slideUpdated') });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('moduleBuilder.updateFailed'),
        description: getErrorMessage(error, t('courseBuilder.tryAgain')),
      });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('moduleBuilder.editSlide')}</DialogTitle>
        <DialogDescription>{t('moduleBuilder.editSlideDescription', { type: slide.type })}</DialogDescription>
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
            {t('courseEditor.cancel')}
          </Button>
          <Button type="submit" disabled={updateSlide.isPending || isUploading}>
            {updateSlide.isPending ? <Spinner /> : null}
            {t('moduleBuilder.saveSlide')}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
