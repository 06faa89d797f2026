import { type FormEvent, useId, useState } from 'react';
import { PAYOUT_DETAILS_MAX, type PayoutDetails, PutPayoutDetailsBodySchema } from '#shared/schemas/payouts';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { usePayoutDetails, useSavePayoutDetails } from '../api/payout-details';

const TEXTAREA =
  'min-h-28 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

/** Where an admin should send the creator's bank transfers: plain text they read when recording a payout. */
export function PayoutDetailsForm() {
  const details = usePayoutDetails();
  if (details.isPending) {
    return (
      <div role="status" aria-label={t('earnings.loadingDetails')}>
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  if (details.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed p-4 text-sm">
        <span>{t('earnings.detailsLoadFailed')}</span>
        <Button variant="outline" size="sm" onClick={() => void details.refetch()}>
          {t('earnings.tryAgain')}
        </Button>
      </div>
    );
  }
  return <DetailsFields saved={details.data} />;
}

function DetailsFields({ saved }: { saved: PayoutDetails }) {
  const [text, setText] = useState(saved.payoutDetails ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSavePayoutDetails();
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rules, checked here first so a mistake is named at once.
    const checked = PutPayoutDetailsBodySchema.safeParse({ payoutDetails: text });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t('earnings.detailsCannotBeSaved'));
      return;
    }
    setError(null);
    save.mutate(
      { payoutDetails: text },
      {
        onSuccess: (result) => {
          setText(result.payoutDetails ?? '');
          toast({ variant: 'success', title: result.payoutDetails ? t('earnings.detailsSaved') : t('earnings.detailsRemoved') });
        },
        onError: (failure) =>
          setError(apiFieldErrors(failure).payoutDetails ?? apiErrorText(failure, t('earnings.detailsSaveFailed'))),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label={t('earnings.payoutDetails')} className="grid gap-2 rounded-xl border bg-card p-4">
      <label htmlFor={fieldId} className="font-medium">
        {t('earnings.whereToSend')}
      </label>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('earnings.detailsHint')}
      </p>
      <textarea
        id={fieldId}
        name="payoutDetails"
        value={text}
        maxLength={PAYOUT_DETAILS_MAX}
        className={TEXTAREA}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('earnings.saveDetails')}
        </Button>
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('earnings.characterCount', { count: text.length, max: PAYOUT_DETAILS_MAX })}
        </p>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
