import type { PayoutStatus } from '#shared/lists';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';

/** The badge of a payout's status, the same to its creator and to an admin (their words differ). */
export const PAYOUT_STATUS_BADGES: Record<PayoutStatus, 'success' | 'info' | 'warning'> = {
  pending: 'info',
  paid: 'success',
  failed: 'warning',
  reversed: 'warning',
};

/** How a payout was sent: by Stripe or by bank, with its reference when it has one. */
export function PayoutMethod({ payout }: { payout: { method: 'stripe' | 'manual'; reference: string | null } }) {
  const method = payout.method === 'stripe' ? t('earnings.stripeTransfer') : t('earnings.bankTransfer');
  const { reference } = payout;
  return (
    <p className="text-sm text-muted-foreground">
      {reference ? (
        // The reference an admin typed is drawn as text, never read as part of the message.
        <RichText
          text={t('earnings.methodWithReference', { method })}
          tags={{ reference: () => <span className="break-all">{reference}</span> }}
        />
      ) : (
        method
      )}
    </p>
  );
}
