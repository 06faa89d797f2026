import { Trash2 } from 'lucide-react';
import type { Coupon } from '#shared/schemas/coupons';
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

export const STOP_CODE_CONFIRMATION = 'Payments already made keep their price.';

/** Deleting asks first: the code stops working at checkout at once. */
export function DeleteCouponButton({
  coupon,
  disabled,
  onConfirm,
}: {
  coupon: Coupon;
  disabled: boolean;
  onConfirm: (coupon: Coupon) => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${coupon.code}`}
          disabled={disabled}
          className="text-destructive hover:bg-destructive-muted hover:text-destructive-muted-foreground"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Stop this code?</AlertDialogTitle>
          <AlertDialogDescription>
            <span className="font-mono font-medium break-all text-foreground">{coupon.code}</span> will no longer work at
            checkout. {STOP_CODE_CONFIRMATION}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => onConfirm(coupon)}>
            Delete code
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
