import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { QuizOutline } from '#shared/schemas/outline';
import { PACING_DAYS_MAX, type PacingRule } from '#shared/schemas/pacing';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';

type PacingBody = { unlockAfterDays: number | null; unlockAt: string | null; prerequisiteQuizId: string | null };

const SELECT_CLASS =
  'h-10 w-full rounded-lg border border-input bg-background px-3 text-base shadow-xs focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

/**
 * When a module or quiz opens to each student (docs/product.md, Pacing): days after they enroll, a
 * date (its start in UTC), and a quiz of the course to pass first. Empty: no such rule. The server
 * checks the rest (a quiz of this course, no circle of prerequisites) and its field errors show here.
 */
export function PacingForm({
  id,
  rule,
  quizzes,
  save,
}: {
  /** The module's or quiz's id: a quiz is not offered as its own prerequisite. */
  id: string;
  rule: PacingRule;
  /** The course's quizzes. */
  quizzes: QuizOutline[];
  save: (body: PacingBody) => Promise<unknown>;
}) {
  const [days, setDays] = useState(rule.unlockAfterDays === null ? '' : String(rule.unlockAfterDays));
  const [date, setDate] = useState(rule.unlockAt?.slice(0, 10) ?? '');
  const [prerequisite, setPrerequisite] = useState(rule.prerequisiteQuizId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = days.trim();
    const unlockAfterDays = trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    if (Number.isNaN(unlockAfterDays) || (unlockAfterDays ?? 0) > PACING_DAYS_MAX) {
      setErrors({ unlockAfterDays: t('courseBuilder.daysInvalid', { max: PACING_DAYS_MAX }) });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await save({ unlockAfterDays, unlockAt: date === '' ? null : date, prerequisiteQuizId: prerequisite || null });
      toast({ variant: 'success', title: t('courseBuilder.pacingSaved') });
    } catch (error) {
      setErrors(apiFieldErrors(error));
      toast({
        variant: 'destructive',
        title: t('courseBuilder.pacingSaveFailed'),
        description: apiErrorText(error, t('courseBuilder.tryAgain')),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="pacing-title" className="grid gap-4">
        <div>
          <h2 id="pacing-title" className="text-lg font-semibold">
            {t('courseBuilder.pacing')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('courseBuilder.pacingIntro')}</p>
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <FormField
            label={t('courseBuilder.daysAfterEnrollment')}
            hint={t('courseBuilder.daysHint')}
            error={errors.unlockAfterDays}
          >
            {(control) => (
              <Input {...control} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} />
            )}
          </FormField>
          <FormField label={t('courseBuilder.openingDate')} hint={t('courseBuilder.openingDateHint')} error={errors.unlockAt}>
            {(control) => <Input {...control} type="date" value={date} onChange={(event) => setDate(event.target.value)} />}
          </FormField>
          <FormField label={t('courseBuilder.quizToPassFirst')} error={errors.prerequisiteQuizId}>
            {(control) => (
              <select
                {...control}
                className={SELECT_CLASS}
                value={prerequisite}
                onChange={(event) => setPrerequisite(event.target.value)}
              >
                <option value="">{t('courseBuilder.noPrerequisite')}</option>
                {quizzes
                  .filter((quiz) => quiz.id !== id)
                  .map((quiz) => (
                    <option key={quiz.id} value={quiz.id}>
                      {quiz.title}
                    </option>
                  ))}
              </select>
            )}
          </FormField>
        </div>
        <Button type="submit" variant="outline" className="w-full sm:w-fit" disabled={saving}>
          {saving ? <Spinner /> : <Save aria-hidden="true" />} {t('courseBuilder.savePacing')}
        </Button>
      </form>
    </Card>
  );
}
