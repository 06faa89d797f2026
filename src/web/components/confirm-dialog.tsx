import { AlertDialog } from 'radix-ui';
import { type ReactElement, type ReactNode, useState } from 'react';
import { buttonVariants } from '#web/components/ui/button';
import { DIALOG_BELOW_TOASTS } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

/**
 * The app's one confirmation: a dialog that must be answered, with no close button and no dismissal
 * by a click outside (Esc and Cancel close it, and focus goes back to its `trigger`). Without a
 * trigger, the caller opens it through `open`. An `onConfirm` that returns nothing closes it at once;
 * one that returns a promise keeps it open, pending, until the server has answered, and shows a
 * refusal (a 409's reason) in it. `children` go between the text and the buttons (a reason field, a
 * form); `canConfirm` false holds the confirm button back until they are filled in.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  children,
  cancelLabel = t('common.cancel'),
  confirmLabel,
  isDestructive = true,
  canConfirm = true,
  errorFallback = t('shell.actionFailed'),
  onConfirm,
}: {
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  isDestructive?: boolean;
  canConfirm?: boolean;
  errorFallback?: string;
  onConfirm: () => unknown;
}) {
  const [isOwnOpen, setOwnOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const changeOpen = (isOpen: boolean) => {
    if (isPending) return;
    if (isOpen) setError(null);
    setOwnOpen(isOpen);
    onOpenChange?.(isOpen);
  };
  const awaitAnswer = async (answer: Promise<unknown>) => {
    setPending(true);
    setError(null);
    try {
      await answer;
      setOwnOpen(false);
      onOpenChange?.(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open ?? isOwnOpen} onOpenChange={changeOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-xl',
            DIALOG_BELOW_TOASTS,
            'data-[state=open]:animate-pop-in',
          )}
        >
          <div className="grid gap-2 text-center sm:text-start">
            <AlertDialog.Title className="text-lg font-semibold wrap-anywhere">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          </div>
          {children}
          {error ? (
            <p role="alert" className="rounded-lg bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground">
              {getErrorMessage(error, errorFallback)}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })} disabled={isPending}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: isDestructive ? 'destructive' : 'default' })}
              disabled={isPending || !canConfirm}
              onClick={(event) => {
                const answer = onConfirm();
                if (!(answer instanceof Promise)) return;
                event.preventDefault();
                void awaitAnswer(answer);
              }}
            >
              {isPending ? <Spinner /> : null}
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
