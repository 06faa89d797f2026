import { type ReactNode, useId } from 'react';
import { formatUsd } from '#shared/format';
import type { Earnings } from '#shared/schemas/earnings';
import { Card } from '#web/components/ui/card';

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
          <span className="mr-1 font-normal text-muted-foreground" aria-hidden="true">
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
        <FigureCard label="Gross sales" amount={earnings.gross} hint="What buyers paid" />
        <FigureCard label="Refunds" amount={earnings.refunds} hint="Paid back to buyers" operator="−" />
        <FigureCard
          label="Platform fees"
          amount={earnings.fees}
          hint="The platform's share of the sales kept: a refund returns its fee"
          operator="−"
        />
        <FigureCard label="Net earnings" amount={earnings.net} hint="Gross − refunds − fees: yours" operator="=" />
      </div>
      <Card role="group" aria-labelledby={balanceId} className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 id={balanceId} className="font-semibold">
            Balance
          </h3>
          <p className="text-xs text-muted-foreground">Today, whatever the period</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <Figure
              labelId={availableId}
              label="Available now"
              amount={earnings.available}
              hint="Sales older than 30 days, after refunds, less payouts"
            />
          </div>
          <div className="min-w-0">
            <Figure labelId={paidOutId} label="Paid out" amount={earnings.paidOut} hint="Sent to you so far" />
          </div>
        </div>
      </Card>
    </div>
  );
}
