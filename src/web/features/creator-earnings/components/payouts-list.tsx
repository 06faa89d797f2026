import { Banknote } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { MoreItems } from '#web/components/more-items';
import { PAYOUT_STATUS_BADGES, PayoutMethod } from '#web/components/payout-parts';
import { Badge } from '#web/components/ui/badge';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatDay, formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { useConnectStatus } from '../api/connect-payouts';
import { usePayouts } from '../api/get-payouts';
import { payoutStatusLabel } from '../lib/payout-words';
import { PayoutDetailsForm } from './payout-details-form';
import { PayoutSetup } from './payout-setup';

/** An admin pays by bank transfer (no Stripe, or an account Stripe cannot pay yet), and needs to know where to. */
function PayoutDetailsWhenAdminPays() {
  const status = useConnectStatus();
  const isPaidByAdmin = status.data !== undefined && (status.data.payoutsBy === 'admin' || status.data.account !== 'ready');
  return isPaidByAdmin ? <PayoutDetailsForm /> : null;
}

/**
 * How the creator is paid (PayoutSetup) and, when an admin pays them, where to; then the payouts made to them, newest first, whatever the
 * period: each moved money from Available to Paid out. `leave` goes to Stripe's onboarding (tests pass their own).
 */
export function PayoutsList({ leave }: { leave?: (url: string) => void } = {}) {
  const titleId = useId();
  const payouts = usePayouts();
  const { first } = payouts;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-4 text-xl font-semibold">
        {t('earnings.payouts')}
      </h2>
      <div className="grid gap-3">
        <PayoutSetup leave={leave} />
        <PayoutDetailsWhenAdminPays />
      </div>
      <div className="mt-4">
        {first.isPending ? (
          <div role="status" aria-label={t('earnings.loadingPayouts')} className="grid gap-3">
            {[0, 1].map((key) => (
              <Skeleton key={key} className="h-16 rounded-xl" />
            ))}
          </div>
        ) : first.isError ? (
          <RegionError
            title={t('earnings.payoutsLoadFailed')}
            description={t('earnings.checkConnection')}
            onRetry={() => void first.refetch()}
          />
        ) : payouts.items.length === 0 ? (
          <EmptyState icon={Banknote} title={t('earnings.noPayouts')}>
            <p className="max-w-md text-sm text-muted-foreground">{t('earnings.noPayoutsHint')}</p>
          </EmptyState>
        ) : (
          <div className="grid gap-4">
            <ul aria-label={t('earnings.payouts')} className="grid gap-3">
              {payouts.items.map((payout) => (
                <li
                  key={payout.id}
                  className="flex flex-wrap items-start justify-between gap-x-6 gap-y-1 rounded-xl border bg-card p-4 shadow-xs"
                >
                  <div className="grid min-w-0 gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      <span className="tabular-nums">{formatUsd(payout.amount)}</span>
                      <Badge variant={PAYOUT_STATUS_BADGES[payout.status]}>{payoutStatusLabel(payout.status)}</Badge>
                    </p>
                    <PayoutMethod payout={payout} />
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {payout.paidAt
                      ? t('earnings.paidOn', { day: formatDay(new Date(payout.paidAt)) })
                      : t('earnings.startedOn', { day: formatDay(new Date(payout.createdAt)) })}
                  </p>
                </li>
              ))}
            </ul>
            <MoreItems
              what="payouts"
              hasMore={payouts.hasMore}
              isLoading={payouts.isLoadingMore}
              failed={Boolean(payouts.moreError)}
              onMore={() => void payouts.showMore()}
            />
          </div>
        )}
      </div>
    </section>
  );
}
