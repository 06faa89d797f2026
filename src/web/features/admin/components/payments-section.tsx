import { CreditCard, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { formatUsd } from '#shared/format';
import { type PaymentStatus, paymentStatuses } from '#shared/lists';
import type { AdminPayment } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { useAdminPayments, useRefundPayment } from '../api/payments';
import { dayAndTime, PAYMENT_STATUS_LABELS } from '../lib/labels';
import { FilterBar, FilterSelect } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const STATUS_OPTIONS = paymentStatuses.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));

const STATUS_BADGES: Record<PaymentStatus, 'success' | 'secondary' | 'warning' | 'info'> = {
  requires_payment_method: 'secondary',
  processing: 'info',
  succeeded: 'success',
  canceled: 'secondary',
  refund_pending: 'warning',
  refunded: 'warning',
};

function RefundButton({ payment }: { payment: AdminPayment }) {
  const refund = useRefundPayment();
  const amount = formatUsd(payment.amount);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Refund ${amount} to ${payment.buyer.name}`}>
          <RotateCcw aria-hidden="true" />
          Refund
        </Button>
      }
      title={`Refund ${amount}?`}
      description={
        <>
          <span className="font-medium wrap-anywhere text-foreground">{payment.buyer.name}</span> gets {amount} back for{' '}
          <span className="font-medium wrap-anywhere text-foreground">{payment.course.title}</span>, loses access to the course at
          once, and is emailed a refund receipt. This cannot be undone.
        </>
      }
      confirmLabel={`Refund ${amount}`}
      onConfirm={async () => {
        const result = await refund.mutateAsync({ paymentId: payment.id });
        toast(
          result.status === 'refunded'
            ? { variant: 'success', title: `Refunded ${formatUsd(result.amount)}`, description: payment.course.title }
            : { title: 'Refund on its way', description: 'The payment provider will return the money shortly.' },
        );
      }}
    />
  );
}

/** Every payment: filter by status, refund a completed one. */
export function PaymentsSection() {
  const [status, setStatus] = useState<PaymentStatus | undefined>('succeeded');
  const list = useAdminPayments({ status });
  return (
    <section aria-labelledby="admin-payments-heading">
      <h2 id="admin-payments-heading" className="mb-4 text-xl font-semibold">
        Payments
      </h2>
      <FilterBar>
        <FilterSelect label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
      </FilterBar>
      <PagedListView
        list={list}
        what="payments"
        empty={{ icon: CreditCard, title: 'No payments found', text: 'No payment has this status.' }}
      >
        {(payments) => (
          <RowList label="Payments">
            {payments.map((payment) => (
              <Row key={payment.id} actions={payment.isRefundable ? <RefundButton payment={payment} /> : null}>
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="tabular-nums">{formatUsd(payment.amount)}</span>
                  <span className="wrap-anywhere">{payment.course.title}</span>
                  <Badge variant={STATUS_BADGES[payment.status]}>{PAYMENT_STATUS_LABELS[payment.status]}</Badge>
                </p>
                <p className="text-sm text-muted-foreground">
                  <span className="wrap-anywhere">{payment.buyer.name}</span> ·{' '}
                  <span className="break-all">{payment.buyer.email}</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {dayAndTime(payment.createdAt)}
                  {payment.price !== payment.amount ? ` · list price ${formatUsd(payment.price)}` : ''}
                  {payment.couponCode ? ` · coupon ${payment.couponCode}` : ''}
                  {payment.refundReason === 'admin'
                    ? ' · refunded by an admin'
                    : payment.refundReason === 'requested'
                      ? ' · refund asked by the buyer'
                      : payment.refundReason === 'coupon_used_up'
                        ? ' · refunded: coupon used up'
                        : payment.refundReason === 'provider'
                          ? ' · refunded at Stripe'
                          : ''}
                  {payment.provider === 'stripe' ? ' · Stripe' : ' · test processor'}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
