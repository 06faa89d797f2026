import { TriangleAlert } from 'lucide-react';
import { t } from '#web/lib/i18n/t';

/**
 * Why the last payment did not go through, under the titles of docs/product.md, Checkout: 'Payment Failed'
 * (`failed`: the provider refused) or 'Payment Error' (`error`).
 */
export type PaymentFailure = { kind: 'failed' | 'error'; message: string };

/**
 * A refused or failed payment stays on the page beside the form until the next attempt, instead of a
 * notice that closes itself after five seconds while the customer is still reading their card.
 */
export function PaymentFailureAlert({ failure }: { failure: PaymentFailure }) {
  return (
    <div
      role="alert"
      data-testid="payment-failure"
      className="mb-4 flex gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-0.5">
        <p className="font-semibold">
          {failure.kind === 'failed' ? t('enrollment.paymentFailed') : t('enrollment.paymentError')}
        </p>
        <p>{failure.message}</p>
        {failure.kind === 'failed' ? <p className="text-muted-foreground">{t('enrollment.checkCard')}</p> : null}
      </div>
    </div>
  );
}
