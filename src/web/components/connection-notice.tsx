import { CloudOff, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import type { ConnectionState } from '#web/lib/connection';
import { t } from '#web/lib/i18n/t';
import { Button } from './ui/button';

/** What the connection banner shows: loaded after the first paint (connection-banner.tsx). */
export function ConnectionNotice({
  state,
  showBackOnline,
  onRetry,
}: {
  state: ConnectionState;
  showBackOnline: boolean;
  onRetry: () => void;
}) {
  if (state !== 'online') {
    return (
      <div className="pointer-events-auto flex w-full max-w-xl items-center gap-3 rounded-xl border bg-card p-3 text-card-foreground shadow-lg sm:p-4">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-destructive-muted text-destructive-muted-foreground">
          {state === 'offline' ? (
            <WifiOff className="size-5" aria-hidden="true" />
          ) : (
            <CloudOff className="size-5" aria-hidden="true" />
          )}
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
          <p className="font-semibold">{state === 'offline' ? t('shell.offline') : t('shell.unreachable')}</p>
          <p className="text-muted-foreground">{state === 'offline' ? t('shell.offlineDetail') : t('shell.unreachableDetail')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {t('shell.retry')}
        </Button>
      </div>
    );
  }
  if (!showBackOnline) return null;
  return (
    <div className="flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium text-card-foreground shadow-lg">
      <Wifi className="size-4 text-success" aria-hidden="true" />
      {t('shell.backOnline')}
    </div>
  );
}
