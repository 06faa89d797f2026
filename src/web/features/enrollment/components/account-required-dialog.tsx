import { UserRoundPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { withReturnPath } from '#web/lib/return-path';

type AccountRequiredDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where signing up or in returns to, to finish the enrollment there (issue 22). */
  returnTo?: string;
};

/** Shown when a guest tries to enroll (docs/product.md, Catalogue and course pages). */
export function AccountRequiredDialog({ open, onOpenChange, returnTo }: AccountRequiredDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground sm:mx-0">
            <UserRoundPlus className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>{t('enrollment.accountRequired')}</DialogTitle>
          <DialogDescription>{t('enrollment.accountRequiredDescription')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={withReturnPath(paths.login.getHref(), returnTo)}>{t('enrollment.logIn')}</Link>
          </Button>
          <Button asChild variant="gradient">
            <Link to={withReturnPath(paths.login.getHref('signup'), returnTo)}>{t('enrollment.createAccount')}</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
