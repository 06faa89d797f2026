import type { PayoutStatus } from '#shared/lists';
import { t } from '#web/lib/i18n/t';

/** The creator's words for a payout's status, on the page and in the CSV. */
export function payoutStatusLabel(status: PayoutStatus): string {
  switch (status) {
    case 'pending':
      return t('earnings.statusPending');
    case 'paid':
      return t('earnings.statusPaid');
    case 'failed':
      return t('earnings.statusFailed');
    case 'reversed':
      return t('earnings.statusReversed');
  }
}

/** How a payout was sent, in the reader's words. */
export const payoutMethodLabel = (method: 'stripe' | 'manual') =>
  method === 'stripe' ? t('earnings.stripeTransfer') : t('earnings.bankTransfer');
