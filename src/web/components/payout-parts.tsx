import type { PayoutStatus } from '#shared/lists';

/** The badge of a payout's status, the same to its creator and to an admin (their words differ). */
export const PAYOUT_STATUS_BADGES: Record<PayoutStatus, 'success' | 'info' | 'warning'> = {
  pending: 'info',
  paid: 'success',
  failed: 'warning',
  reversed: 'warning',
};

/** How a payout was sent: by Stripe or by bank, with its reference when it has one. */
export function PayoutMethod({ payout }: { payout: { method: 'stripe' | 'manual'; reference: string | null } }) {
  return (
    <p className="text-sm text-muted-foreground">
      {payout.method === 'stripe' ? 'Stripe transfer' : 'Bank transfer'}
      {payout.reference ? (
        <>
          {' '}
          · reference <span className="break-all">{payout.reference}</span>
        </>
      ) : null}
    </p>
  );
}
