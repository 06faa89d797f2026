import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatDay, formatPrice } from '#shared/format';
import type { Purchase } from '#shared/schemas/purchases';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#web/components/ui/alert-dialog';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { purchasesQueryKey } from '../api/get-purchases';
import { useRequestRefund } from '../api/request-refund';

// A no-break space keeps "30 %" on one line.
export const REFUND_RULE =
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
  const [isOpen, setOpen] = useState(false);
  const isRefunded = useRef(false);
  const refund = useRequestRefund();
  const queryClient = useQueryClient();
  const amount = formatPrice(purchase.amount);

  const onOpenChange = (open: boolean) => {
    if (refund.isPending) return;
    if (open) refund.reset();
    // A refusal may come from a purchase that changed elsewhere (refunded in another tab): read the list again
    // once the reason has been read, not while the dialog shows it.
    else if (refund.isError) void queryClient.invalidateQueries({ queryKey: purchasesQueryKey });
    setOpen(open);
  };

  const onConfirm = () => {
    refund.mutate(purchase, {
      onSuccess: (result) => {
        isRefunded.current = true;
        setOpen(false);
        toast(
          result.status === 'refunded'
            ? { variant: 'success', title: `Refunded ${formatPrice(result.amount)}`, description: purchase.course.title }
            : {
                title: 'Refund on its way',
                description: `${formatPrice(result.amount)} for ${purchase.course.title} will be returned to your card.`,
              },
        );
      },
    });
  };

  return (
    <div className="grid gap-1">
      <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Request refund for ${purchase.course.title}`}>
            <RotateCcw aria-hidden="true" />
            Request refund
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            if (!isRefunded.current) return;
            event.preventDefault();
            onRefunded();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Refund this course?</AlertDialogTitle>
            <AlertDialogDescription>
              <span className="font-medium break-words text-foreground">{purchase.course.title}</span>: {REFUND_RULE}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {refund.isError ? (
            <p role="alert" className="rounded-lg bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground">
              {getErrorMessage(refund.error, 'The refund could not be requested. Check your connection and try again.')}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={refund.isPending}>Keep the course</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={refund.isPending}
              onClick={(event) => {
                // The dialog stays open until the server has answered, to show a refusal.
                event.preventDefault();
                onConfirm();
              }}
            >
              {refund.isPending ? <Spinner /> : null}
              Refund {amount}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <p className="text-xs text-muted-foreground">
        Refundable until <time dateTime={refundableUntil}>{formatDay(new Date(refundableUntil))}</time>
      </p>
    </div>
  );
}
