import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';

/** A calm one-line state inside the content panel (empty, failed), with an optional retry. */
export function ContentMessage({ children, onRetry, isError }: { children: ReactNode; onRetry?: () => void; isError?: boolean }) {
  return (
    <div
      role={isError ? 'alert' : undefined}
      className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground"
    >
      <p>{children}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('preview.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}

export function ContentLoading({ label }: { label: string }) {
  return (
    <p role="status" className="py-12 text-center text-muted-foreground">
      {label}
    </p>
  );
}
