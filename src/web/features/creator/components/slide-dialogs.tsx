import { FileText, Image, Video } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type LessonType, lessonTypes } from '#shared/lists';
import type { Lesson } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { toast } from '#web/hooks/use-toast';
import { apiJson, getErrorMessage } from '#web/lib/api-client';
import { type SlideDraft, SlideFields, slideBody } from './slide-fields';

export const TYPE_ICON = { text: FileText, image: Image, video: Video } as const;
const TYPE_LABEL = { text: 'Text', image: 'Image', video: 'Video' } as const;
const EMPTY: SlideDraft = { title: '', content: '', imageUrl: null, videoUrl: null };

/** SPEC §2: first a type, then the details; Change Type goes back to the choice. */
export function AddSlideDialog({
  open,
  onOpenChange,
  moduleId,
  count,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  moduleId: string;
  count: number;
  onAdded: (lesson: Lesson) => Promise<void>;
}) {
  const [type, setType] = useState<LessonType | null>(null);
  const [draft, setDraft] = useState<SlideDraft>(EMPTY);
  const [saving, setSaving] = useState(false);
  const close = (next: boolean) => {
    if (!next) {
      setType(null);
      setDraft(EMPTY);
    }
    onOpenChange(next);
  };
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
    setSaving(true);
    try {
      const lesson = await apiJson<Lesson>('POST', `/api/modules/${encodeURIComponent(moduleId)}/lessons`, {
        type,
        order: count,
        ...slideBody(type, draft),
      });
      toast({ variant: 'success', title: 'Slide added' });
      await onAdded(lesson);
      close(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to add slide', description: getErrorMessage(error, 'Please try again.') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add Page</DialogTitle>
          <DialogDescription>{type ? `A ${type} slide` : 'Choose the kind of slide to add.'}</DialogDescription>
        </DialogHeader>
        {type === null ? (
          <div className="grid grid-cols-3 gap-3">
            {lessonTypes.map((choice) => {
              const Icon = TYPE_ICON[choice];
              return (
                <button
                  key={choice}
                  type="button"
                  onClick={() => setType(choice)}
                  className="flex flex-col items-center gap-2 rounded-xl border p-4 text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  {TYPE_LABEL[choice]}
                </button>
              );
            })}
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <SlideFields type={type} draft={draft} onChange={(change) => setDraft((current) => ({ ...current, ...change }))} />
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => setType(null)}>
                Change Type
              </Button>
              <Button type="submit" disabled={saving}>
                Add Slide
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function EditSlideDialog({
  lesson,
  onClose,
  onSaved,
}: {
  lesson: Lesson | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [draft, setDraft] = useState<SlideDraft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (lesson && editing !== lesson.id) {
    setEditing(lesson.id);
    setDraft({ title: lesson.title, content: lesson.content ?? '', imageUrl: lesson.imageUrl, videoUrl: lesson.videoUrl });
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!lesson) return;
    if (!draft.title.trim()) {
      toast({ variant: 'destructive', title: 'Missing information', description: 'Please enter a title.' });
      return;
    }
    setSaving(true);
    try {
      await apiJson('PATCH', `/api/lessons/${encodeURIComponent(lesson.id)}`, slideBody(lesson.type, draft));
      toast({ variant: 'success', title: 'Slide updated' });
      await onSaved();
      setEditing(null);
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to update slide',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={lesson !== null}
      onOpenChange={(open) => {
        if (!open) {
          setEditing(null);
          onClose();
        }
      }}
    >
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit Slide</DialogTitle>
          <DialogDescription>{lesson ? `A ${lesson.type} slide` : ''}</DialogDescription>
        </DialogHeader>
        {lesson ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <SlideFields
              type={lesson.type}
              draft={draft}
              onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
            />
            <DialogFooter>
              <Button type="submit" disabled={saving}>
                Save Slide
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
