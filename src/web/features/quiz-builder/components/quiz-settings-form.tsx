import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Quiz } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { useUpdateQuizSettings } from '../api/update-quiz-settings';

/** A whole number from a field, null when it is left empty (no limit), NaN when it is not one. */
const limitOf = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The quiz's rules (docs/product.md, Learning): the share of right answers that passes, how long an
 * attempt may take, how many attempts a learner has, and whether each attempt gets its own order.
 */
export function QuizSettingsForm({ quiz }: { quiz: Quiz }) {
  const [passPercent, setPassPercent] = useState(String(quiz.passPercent));
  const [timeLimit, setTimeLimit] = useState(quiz.timeLimitMinutes === null ? '' : String(quiz.timeLimitMinutes));
  const [maxAttempts, setMaxAttempts] = useState(quiz.maxAttempts === null ? '' : String(quiz.maxAttempts));
  const [shuffle, setShuffle] = useState(quiz.shuffle);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateQuizSettings(quiz.id);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = {
      passPercent: limitOf(passPercent) ?? Number.NaN,
      timeLimitMinutes: limitOf(timeLimit),
      maxAttempts: limitOf(maxAttempts),
      shuffle,
    };
    const wrong: Record<string, string> = {};
    if (!(body.passPercent >= 1 && body.passPercent <= 100)) wrong.passPercent = t('quizBuilder.passMarkInvalid');
    if (Number.isNaN(body.timeLimitMinutes)) wrong.timeLimitMinutes = t('quizBuilder.minutesInvalid');
    if (Number.isNaN(body.maxAttempts)) wrong.maxAttempts = t('quizBuilder.attemptsInvalid');
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    try {
      await save.mutateAsync(body);
      toast({ variant: 'success', title: t('quizBuilder.settingsSaved') });
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
      toast({
        variant: 'destructive',
        title: t('quizBuilder.settingsSaveFailed'),
        description: apiErrorText(error, t('courseBuilder.tryAgain')),
      });
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="quiz-settings-title" className="grid gap-4">
        <h2 id="quiz-settings-title" className="text-lg font-semibold">
          {t('quizBuilder.quizSettings')}
        </h2>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <FormField label={t('quizBuilder.passMark')} hint={t('quizBuilder.passMarkHint')} error={errors.passPercent}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={passPercent}
                onChange={(event) => setPassPercent(event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('quizBuilder.timeLimit')} hint={t('quizBuilder.timeLimitHint')} error={errors.timeLimitMinutes}>
            {(control) => (
              <Input {...control} inputMode="numeric" value={timeLimit} onChange={(event) => setTimeLimit(event.target.value)} />
            )}
          </FormField>
          <FormField label={t('quizBuilder.attempts')} hint={t('quizBuilder.attemptsHint')} error={errors.maxAttempts}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={maxAttempts}
                onChange={(event) => setMaxAttempts(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={shuffle}
            onChange={(event) => setShuffle(event.target.checked)}
          />
          {t('quizBuilder.shuffle')}
        </label>
        <Button type="submit" variant="outline" className="w-full sm:w-fit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />} {t('quizBuilder.saveSettings')}
        </Button>
      </form>
    </Card>
  );
}
