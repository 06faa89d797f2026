import { t } from '#web/lib/i18n/t';
/**
 * Under a code answer: that the server is grading it, or why it could not (no Python on this
 * instance, every runner busy), so the learner may submit again.
 */
export function GradingStatus({ isGrading, notice }: { isGrading: boolean; notice: string | null }) {
  return (
    <>
      {isGrading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('shell.gradingOnServer')}
        </p>
      ) : null}
      {notice ? (
        <p role="alert" className="rounded-lg bg-warning-muted px-3 py-2 text-sm font-medium text-warning-muted-foreground">
          {notice}
        </p>
      ) : null}
    </>
  );
}
