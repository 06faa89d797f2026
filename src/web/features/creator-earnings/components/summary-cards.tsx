import { type ReactNode, useId } from 'react';
import type { Earnings } from '#shared/schemas/earnings';
import { Card } from '#web/components/ui/card';
import { formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

/** How a card's amount joins the sum the cards make: gross − refunds − fees = net. */
type Operator = '−' | '=';

/** A label, an amount and a line about it; `labelId` names the group it sits in. */
function Figure({
  labelId,
  label,
  amount,
  hint,
  operator,
}: {
  labelId: string;
  label: string;
  amount: string;
  hint: ReactNode;
  operator?: Operator;
}) {
  return (
    <>
      <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
        {label}
      </h3>
      <p className="mt-1 text-xl font-bold tabular-nums break-words sm:text-2xl">
        {operator ? (
          <span className="me-1 font-normal text-muted-foreground" aria-hidden="true">
            {operator}
          </span>
        ) : null}
        {formatUsd(amount)}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </>
  );
}

function FigureCard(props: { label: string; amount: string; hint: ReactNode; operator?: Operator }) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="min-w-0 p-4 sm:p-5">
      <Figure labelId={labelId} {...props} />
    </Card>
  );
}

/**
 * The period's totals, in the order they add up (gross − refunds − fees = net, the server's one
 * definition), then the balance, which is today's whatever period is shown.
 */
export function SummaryCards({ earnings }: { earnings: Earnings }) {
  const balanceId = useId();
  const availableId = useId();
  const paidOutId = useId();
  return (
    <div className="grid gap-3 sm:gap-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <FigureCard label={t('earnings.grossSales')} amount={earnings.gross} hint={t('earnings.grossSalesHint')} />
        <FigureCard label={t('earnings.refunds')} amount={earnings.refunds} hint={t('earnings.refundsHint')} operator="−" />
        <FigureCard
          label={t('earnings.platformFees')}
          amount={earnings.fees}
          hint={t('earnings.platformFeesHint')}
          operator="−"
        />
        <FigureCard label={t('earnings.netEarnings')} amount={earnings.net} hint={t('earnings.netEarningsHint')} operator="=" />
      </div>
      <Card role="group" aria-labelledby={balanceId} className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={balanceId} className="font-semibold">
            {t('earnings.balance')}
          </h3>
          <p className="text-xs text-muted-foreground">{t('earnings.balanceWhen')}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <Figure
              labelId={availableId}
              label={t('earnings.availableNow')}
              amount={earnings.available}
              hint={t('earnings.availableHint')}
            />
          </div>
          <div className="min-w-0">
            <Figure
              labelId={paidOutId}
              label={t('earnings.paidOut')}
              amount={earnings.paidOut}
              hint={t('earnings.paidOutHint')}
            />
          </div>
        </div>
      </Card>
    </div>
  );
}
