import { FileQuestion, Layers, Plus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { TITLE_MAX } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { useCreateSection } from '../api/create-section';
import type { SectionKind } from '../lib/sections';

const DESCRIPTION_MAX = 5_000;

interface AddSectionFormProps {
  kind: SectionKind;
  courseId: string;
  /**
   * The number of modules and quizzes, the new item's order (docs/product.md, Publishing and the studio); null
   * while it is unknown.
   */
  itemCount: number | null;
}

export function AddSectionForm({ kind, courseId, itemCount }: AddSectionFormProps) {
  const isModule = kind === 'module';
  const addLabel = isModule ? t('courseBuilder.addModule') : t('courseBuilder.addQuiz');
  const headingId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isTitleMissing, setTitleMissing] = useState(false);
  const [serverTitleError, setServerTitleError] = useState<string>();
  const create = useCreateSection(kind, courseId);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleMissing(true);
      toast({
        variant: 'destructive',
        title: isModule ? t('courseBuilder.moduleTitleRequired') : t('courseBuilder.quizTitleRequired'),
      });
      titleRef.current?.focus();
      return;
    }
    if (itemCount === null) return;
    create.mutate(
      { title: title.trim(), description: description.trim() || null, order: itemCount },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: isModule ? t('courseBuilder.moduleAdded') : t('courseBuilder.quizAdded') });
          setTitle('');
          setDescription('');
        },
        onError: (error) => {
          setServerTitleError(apiFieldErrors(error).title);
          toast({
            variant: 'destructive',
            title: isModule ? t('courseBuilder.addModuleFailed') : t('courseBuilder.addQuizFailed'),
            description: apiErrorText(error, t('courseEditor.checkConnection')),
          });
        },
      },
    );
  };

  const Icon = isModule ? Layers : FileQuestion;
  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="grid gap-4">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {addLabel}
        </h2>
        <FormField
          label={isModule ? t('courseBuilder.moduleTitleLabel') : t('courseBuilder.quizTitleLabel')}
          error={serverTitleError}
        >
          {(control) => (
            <Input
              {...control}
              ref={titleRef}
              aria-invalid={isTitleMissing || serverTitleError ? true : undefined}
              value={title}
              maxLength={TITLE_MAX}
              placeholder={isModule ? t('courseBuilder.modulePlaceholder') : t('courseBuilder.quizPlaceholder')}
              onChange={(event) => {
                setTitle(event.target.value);
                setTitleMissing(false);
                setServerTitleError(undefined);
              }}
            />
          )}
        </FormField>
        <FormField label={t('courseBuilder.descriptionOptional')}>
          {(control) => (
            <textarea
              {...control}
              value={description}
              rows={2}
              maxLength={DESCRIPTION_MAX}
              onChange={(event) => setDescription(event.target.value)}
              className="min-h-16 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none md:text-sm"
            />
          )}
        </FormField>
        <Button type="submit" className="w-full sm:w-fit" disabled={create.isPending || itemCount === null}>
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          {addLabel}
        </Button>
      </form>
    </Card>
  );
}
