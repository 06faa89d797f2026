import { t } from '#web/lib/i18n/t';
import { Spinner } from './ui/spinner';

export function PageSpinner({ label = t('common.loading') }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-sm text-muted-foreground">
      <Spinner className="size-5 text-primary" label={label} />
    </div>
  );
}
