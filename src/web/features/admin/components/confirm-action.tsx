import { type ReactNode, useState } from 'react';
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
import { Button, type ButtonProps } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { getErrorMessage } from '#web/lib/api-client';

/**
 * A button that asks first: the dialog says what will happen and stays open until the server has
 * answered, showing its refusal (a 409's reason) there. `children` goes between the text and the
 * buttons (a reason field); `canConfirm` false holds the confirm button back until it is filled in.
 * `onConfirm` rejects to show an error, resolves to close.
 */
export function ConfirmAction({
  trigger,
  triggerLabel,
  triggerVariant = 'outline',
  title,
  description,
  confirmLabel,
  isDestructive = true,
  canConfirm = true,
  onOpen,
  onConfirm,
  children,
}: {
  trigger: ReactNode;
  /** The trigger's accessible name when its text alone is ambiguous in a list ("Suspend Ada Lovelace"). */
  triggerLabel: string;
  triggerVariant?: ButtonProps['variant'];
  title: string;
  description: ReactNode;
  confirmLabel: string;
  isDestructive?: boolean;
  canConfirm?: boolean;
  onOpen?: () => void;
  onConfirm: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const onOpenChange = (open: boolean) => {
    if (isPending) return;
    if (open) {
      setError(null);
      onOpen?.();
    }
    setOpen(open);
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant={triggerVariant} size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {error ? (
          <p role="alert" className="rounded-lg bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground">
            {getErrorMessage(error, 'That did not work. Check your connection and try again.')}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant={isDestructive ? 'destructive' : 'default'}
            disabled={isPending || !canConfirm}
            onClick={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {isPending ? <Spinner /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
