import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useRef } from 'react';
import type { Purchase } from '#shared/schemas/purchases';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { formatDay, formatPrice } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { purchasesQueryKey } from '../api/get-purchases';
import { useRequestRefund } from '../api/request-refund';

/**
 * Asks first, then asks the server, which checks both rules; a refusal (409) stays in the dialog with
 * the server's reason. `onRefunded`: where focus goes once this button, no longer offered, is gone.
 */
export function RefundButton({
  purchase,
  refundableUntil,
  onRefunded,
}: {
  purchase: Purchase;
  refundableUntil: string;
  onRefunded: () => void;
}) {
  const isRefunded = useRef(false);
  const refund = useRequestRefund();
  const queryClient = useQueryClient();

  return (
    <div className="grid gap-1">
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={t('purchases.requestRefundFor', { title: purchase.course.title })}>
            <RotateCcw aria-hidden="true" />
            {t('purchases.requestRefund')}
          </Button>
        }
        onOpenChange={(isOpen) => {
          if (isOpen) refund.reset();
          // A refusal may come from a purchase that changed elsewhere (refunded in another tab): read the list again
          // once the reason has been read, not while the dialog shows it.
          else if (refund.isError) void queryClient.invalidateQueries({ queryKey: purchasesQueryKey });
        }}
        onCloseAutoFocus={(event) => {
          if (!isRefunded.current) return;
          event.preventDefault();
          onRefunded();
        }}
        title={t('purchases.refundThisCourse')}
        description={
          // The rule's "30 %" holds a no-break space, so it stays on one line.
          <RichText
            text={t('purchases.refundRule')}
            tags={{ course: () => <span className="font-medium break-words text-foreground">{purchase.course.title}</span> }}
          />
        }
        cancelLabel={t('purchases.keepCourse')}
        confirmLabel={t('purchases.refundAmount', { amount: formatPrice(purchase.amount) })}
        errorFallback={t('purchases.refundError')}
        onConfirm={async () => {
          const result = await refund.mutateAsync(purchase);
          isRefunded.current = true;
          toast(
            result.status === 'refunded'
              ? {
                  variant: 'success',
                  title: t('purchases.refundedAmount', { amount: formatPrice(result.amount) }),
                  description: purchase.course.title,
                }
              : {
                  title: t('purchases.refundOnWay'),
                  description: t('purchases.returnedToCard', {
                    amount: formatPrice(result.amount),
                    title: purchase.course.title,
                  }),
                },
          );
        }}
      />
      <p className="text-xs text-muted-foreground">
        <RichText
          text={t('purchases.refundableUntil')}
          tags={{ date: () => <time dateTime={refundableUntil}>{formatDay(new Date(refundableUntil))}</time> }}
        />
      </p>
    </div>
  );
}
