import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useRef } from 'react';
import { formatDay, formatPrice } from '#shared/format';
import type { Purchase } from '#shared/schemas/purchases';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { purchasesQueryKey } from '../api/get-purchases';
import { useRequestRefund } from '../api/request-refund';

// A no-break space keeps "30 %" on one line.
const REFUND_RULE =
  'You can get your money back within 30 days of buying while you have completed less than 30\u00a0% of the course. You will lose access to the course.';

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
          <Button variant="outline" size="sm" aria-label={`Request refund for ${purchase.course.title}`}>
            <RotateCcw aria-hidden="true" />
            Request refund
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
        title="Refund this course?"
        description={
          <>
            <span className="font-medium break-words text-foreground">{purchase.course.title}</span>: {REFUND_RULE}
          </>
        }
        cancelLabel="Keep the course"
        confirmLabel={`Refund ${formatPrice(purchase.amount)}`}
        errorFallback="The refund could not be requested. Check your connection and try again."
        onConfirm={async () => {
          const result = await refund.mutateAsync(purchase);
          isRefunded.current = true;
          toast(
            result.status === 'refunded'
              ? { variant: 'success', title: `Refunded ${formatPrice(result.amount)}`, description: purchase.course.title }
              : {
                  title: 'Refund on its way',
                  description: `${formatPrice(result.amount)} for ${purchase.course.title} will be returned to your card.`,
                },
          );
        }}
      />
      <p className="text-xs text-muted-foreground">
        Refundable until <time dateTime={refundableUntil}>{formatDay(new Date(refundableUntil))}</time>
      </p>
    </div>
  );
}
