import type { PayoutStatus } from '#shared/lists';

/** The creator's words for a payout's status, on the page and in the CSV. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Sent back',
};
