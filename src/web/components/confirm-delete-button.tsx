import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button, type ButtonProps } from '#web/components/ui/button';

interface ConfirmDeleteButtonProps {
  kind: 'module' | 'quiz' | 'slide';
  name: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
  onConfirm: () => void;
}

/** Deleting a module, quiz or slide must be accepted first. */
export function ConfirmDeleteButton({ kind, name, disabled, size = 'icon-sm', onConfirm }: ConfirmDeleteButtonProps) {
  return (
    <ConfirmDialog
      trigger={
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
      }
      title={`Delete “${name}”?`}
      description={`Are you sure you want to delete this ${kind}?`}
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}
