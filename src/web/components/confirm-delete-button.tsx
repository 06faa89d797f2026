import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button, type ButtonProps } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';

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
          aria-label={t('shell.deleteNamed', { name })}
          title={t('shell.deleteKind', { kind })}
          disabled={disabled}
          className="text-destructive hover:bg-destructive-muted hover:text-destructive-muted-foreground"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={t('shell.deleteTitle', { name })}
      description={t('shell.deleteQuestion', { kind })}
      confirmLabel={t('common.delete')}
      onConfirm={onConfirm}
    />
  );
}
