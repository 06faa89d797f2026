import { Trash2 } from 'lucide-react';
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

interface ConfirmDeleteButtonProps {
  kind: 'module' | 'quiz' | 'slide';
  name: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
  onConfirm: () => void;
}

/** SPEC §5: deleting a module, quiz or slide must be accepted first. */
export function ConfirmDeleteButton({ kind, name, disabled, size = 'icon-sm', onConfirm }: ConfirmDeleteButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size={size}
          aria-label={`Delete ${name}`}
          title={`Delete ${kind}`}
          disabled={disabled}
          className="text-destructive hover:bg-destructive-muted hover:text-destructive-muted-foreground"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">Delete “{name}”?</AlertDialogTitle>
          <AlertDialogDescription>{`Are you sure you want to delete this ${kind}?`}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
