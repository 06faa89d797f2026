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
import { Button } from '#web/components/ui/button';
import type { SectionKind } from '../lib/sections';

interface ConfirmDeleteButtonProps {
  kind: SectionKind;
  name: string;
  disabled?: boolean;
  onConfirm: () => void;
}

/** SPEC §5: deleting a module or quiz must be accepted first. */
export function ConfirmDeleteButton({ kind, name, disabled, onConfirm }: ConfirmDeleteButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${name}`}
          title="Delete"
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
