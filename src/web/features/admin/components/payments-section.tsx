import { CreditCard, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { type PaymentStatus, paymentStatuses } from '#shared/lists';
import type { AdminPayment } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { formatUsd } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { useAdminPayments, useRefundPayment } from '../api/payments';
import { dayAndTime, paymentStatusLabel } from '../lib/labels';
import { FilterBar, FilterSelect } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const statusOptions = () => paymentStatuses.map((value) => ({ value, label: paymentStatusLabel(value) }));

const STATUS_BADGES: Record<PaymentStatus, 'success' | 'secondary' | 'warning' | 'info'> = {
  requires_payment_method: 'secondary',
  processing: 'info',
  succeeded: 'success',
  canceled: 'secondary',
  refund_pending: 'warning',
  refunded: 'warning',
};

function refundReasonText(reason: AdminPayment['refundReason']): string | null {
  switch (reason) {
    case 'admin':
      return t('admin.refundedByAdmin');
    case 'requested':
      return t('admin.refundRequested');
    case 'coupon_used_up':
      return t('admin.refundedCouponUsedUp');
    case 'provider':
      return t('admin.refundedAtStripe');
    default:
      return null;
  }
}

function RefundButton({ payment }: { payment: AdminPayment }) {
  const refund = useRefundPayment();
  const amount = formatUsd(payment.amount);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={t('admin.refundTo', { amount, name: payment.buyer.name })}>
          <RotateCcw aria-hidden="true" />
          {t('admin.refund')}
        </Button>
      }
      title={t('admin.refundTitle', { amount })}
      description={
        <RichText
          text={t('admin.refundText', { amount })}
          tags={{
            buyer: () => <span className="font-medium wrap-anywhere text-foreground">{payment.buyer.name}</span>,
            course: () => <span className="font-medium wrap-anywhere text-foreground">{payment.course.title}</span>,
          }}
        />
      }
      confirmLabel={t('admin.refundAmount', { amount })}
      onConfirm={async () => {
        const result = await refund.mutateAsync({ paymentId: payment.id });
        toast(
          result.status === 'refunded'
            ? {
                variant: 'success',
                title: t('admin.refunded', { amount: formatUsd(result.amount) }),
                description: payment.course.title,
              }
            : { title: t('admin.refundOnItsWay'), description: t('admin.refundOnItsWayText') },
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
        {t('admin.tabPayments')}
      </h2>
      <FilterBar>
        <FilterSelect label={t('admin.status')} value={status} options={statusOptions()} onChange={setStatus} />
      </FilterBar>
      <PagedListView
        list={list}
        what="payments"
        texts={{ loading: t('admin.paymentsLoading'), failed: t('admin.paymentsFailed') }}
        empty={{ icon: CreditCard, title: t('admin.noPayments'), text: t('admin.noPaymentsText') }}
      >
        {(payments) => (
          <RowList label={t('admin.tabPayments')}>
            {payments.map((payment) => (
              <Row key={payment.id} actions={payment.isRefundable ? <RefundButton payment={payment} /> : null}>
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="tabular-nums">{formatUsd(payment.amount)}</span>
                  <span className="wrap-anywhere">{payment.course.title}</span>
                  <Badge variant={STATUS_BADGES[payment.status]}>{paymentStatusLabel(payment.status)}</Badge>
                </p>
                <p className="text-sm text-muted-foreground">
                  <span className="wrap-anywhere">{payment.buyer.name}</span> ·{' '}
                  <span className="break-all">{payment.buyer.email}</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {[
                    dayAndTime(payment.createdAt),
                    payment.price !== payment.amount ? t('admin.listPrice', { price: formatUsd(payment.price) }) : null,
                    payment.couponCode ? t('admin.couponCode', { code: payment.couponCode }) : null,
                    refundReasonText(payment.refundReason),
                    payment.provider === 'stripe' ? t('admin.providerStripe') : t('admin.providerTest'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
