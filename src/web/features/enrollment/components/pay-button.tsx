import { Loader2, Lock } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';

/**
 * The card forms' submit button: the fixed 'Complete Purchase' with the amount that will be charged
 * (the intent's, after any discount), and 'Processing...' while the payment runs.
 */
export function PayButton({ amount, busy, disabled = false }: { amount: string; busy: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" variant="gradient" size="lg" disabled={busy || disabled}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
      {busy ? (
        t('enrollment.processing')
      ) : (
        <span>
          {t('enrollment.completePurchase')} <span aria-hidden="true">·</span> <span className="tabular-nums">{amount}</span>
        </span>
      )}
    </Button>
  );
}
