import { Link } from 'react-router';
import type { Purchase } from '#shared/schemas/purchases';
import { Badge } from '#web/components/ui/badge';
import { formatDay, formatPrice } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { ReceiptButton } from './receipt-button';
import { RefundButton } from './refund-button';

const day = (iso: string) => formatDay(new Date(iso));

function StatusBadge({ purchase }: { purchase: Purchase }) {
  if (purchase.status === 'paid') return <Badge variant="success">{t('purchases.paid')}</Badge>;
  if (purchase.status === 'refund_pending') return <Badge variant="warning">{t('purchases.refundPending')}</Badge>;
  return (
    <Badge variant="secondary">
      {purchase.refundedAt ? t('purchases.refundedOn', { date: day(purchase.refundedAt) }) : t('purchases.refunded')}
    </Badge>
  );
}

/** One payment: the course, when and what was paid, where the money is, its receipt and, while allowed, a refund. */
export function PurchaseCard({ purchase, onRefunded }: { purchase: Purchase; onRefunded: () => void }) {
  const hasDiscount = Number.parseFloat(purchase.discount) > 0;
  const refundableUntil = purchase.status === 'paid' ? purchase.refundableUntil : null;
  return (
    <li className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground sm:grid-cols-[minmax(0,1fr)_auto] sm:p-5">
      <div className="grid min-w-0 content-start gap-2">
        <h2 className="text-base font-semibold break-words">
          <Link to={paths.course.detail.getHref(purchase.course.id)} className="hover:underline">
            {purchase.course.title}
          </Link>
        </h2>
        <StatusBadge purchase={purchase} />
        <p className="text-sm text-muted-foreground">
          <RichText
            text={t('purchases.paidOn')}
            tags={{ date: () => <time dateTime={purchase.paidAt}>{day(purchase.paidAt)}</time> }}
          />
        </p>
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
          <span className="text-lg font-semibold tabular-nums">{formatPrice(purchase.amount)}</span>
          {hasDiscount ? (
            <>
              <s className="text-muted-foreground tabular-nums">
                <span className="sr-only">{t('purchases.listPrice')}</span>
                {formatPrice(purchase.price)}
              </s>
              {purchase.couponCode ? (
                <span className="text-muted-foreground">
                  <RichText
                    text={t('purchases.withCode')}
                    tags={{
                      code: () => (
                        <span dir="ltr" className="font-mono font-medium break-all text-foreground">
                          {purchase.couponCode}
                        </span>
                      ),
                    }}
                  />
                </span>
              ) : null}
            </>
          ) : null}
        </p>
      </div>
      <div className="grid content-start gap-3 sm:w-48">
        <ReceiptButton purchase={purchase} />
        {refundableUntil ? <RefundButton purchase={purchase} refundableUntil={refundableUntil} onRefunded={onRefunded} /> : null}
      </div>
    </li>
  );
}
