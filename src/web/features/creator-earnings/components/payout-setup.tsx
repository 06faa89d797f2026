import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, ExternalLink, Info, Landmark, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConnectStatus } from '#shared/schemas/payouts';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { connectStatusQueryKey, useConnectStatus, useStartConnect } from '../api/connect-payouts';

/** Where Stripe sends the creator back: `done` when they leave onboarding, `refresh` when the link had expired. */
type ConnectReturn = 'done' | 'refresh';

function readConnectReturn(value: string | null): ConnectReturn | null {
  return value === 'done' || value === 'refresh' ? value : null;
}

const leaveForStripe = (url: string) => window.location.assign(url);

/**
 * Stripe's `?connect=done|refresh` on the way back from onboarding: kept as a notice and taken out of
 * the address (a reload or a shared link should not say it again). The status query reads the account
 * at Stripe (the server asks it about an account not yet ready), so `done` shows what Stripe says now.
 */
function useConnectReturn(): ConnectReturn | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [returned] = useState(() => {
    const value = readConnectReturn(searchParams.get('connect'));
    // A status this tab read before leaving for Stripe is old news: read it again.
    if (value === 'done' && queryClient.getQueryState(connectStatusQueryKey)?.dataUpdatedAt) {
      void queryClient.invalidateQueries({ queryKey: connectStatusQueryKey });
    }
    return value;
  });
  useEffect(() => {
    if (!searchParams.has('connect')) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connect');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searchParams, setSearchParams]);
  return returned;
}

function ReturnNotice({ returned, status }: { returned: ConnectReturn; status: ConnectStatus | undefined }) {
  // A platform that does not pay through Stripe has nothing to say about a Stripe return.
  if (status?.payoutsBy === 'admin') return null;
  const text =
    returned === 'refresh'
      ? t('earnings.returnExpired')
      : status?.account === 'ready'
        ? t('earnings.returnReady')
        : t('earnings.returnChecked');
  return (
    <p role="status" className="flex gap-2 rounded-xl border bg-info-muted p-3 text-sm text-info-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/**
 * How the creator is paid, above their payouts: with Stripe, a button to connect (or finish setting up)
 * their Express account, or a line that it is ready; without Stripe, a line that an admin pays by bank
 * transfer. `leave` sends the browser to Stripe's onboarding (tests pass their own).
 */
export function PayoutSetup({ leave = leaveForStripe }: { leave?: (url: string) => void }) {
  const status = useConnectStatus();
  const start = useStartConnect(leave);
  const returned = useConnectReturn();
  // While the browser leaves for Stripe, the button stays busy.
  const busy = start.isPending || start.isSuccess;

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <div role="status" aria-label={t('earnings.loadingSetup')}>
        <Skeleton className="h-16 rounded-xl" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed p-4 text-sm">
        <span>{t('earnings.setupLoadFailed')}</span>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          <RefreshCw aria-hidden="true" />
          {t('earnings.tryAgain')}
        </Button>
      </div>
    );
  } else if (status.data.payoutsBy === 'admin') {
    body = (
      <p className="flex gap-3 rounded-xl border bg-card p-4 text-sm text-muted-foreground">
        <Landmark className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>{t('earnings.adminPays')}</span>
      </p>
    );
  } else if (status.data.account === 'ready') {
    body = (
      <p className="flex gap-3 rounded-xl border bg-card p-4 text-sm">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success-muted-foreground" aria-hidden="true" />
        <span>{t('earnings.stripeReady')}</span>
      </p>
    );
  } else {
    const unfinished = status.data.account === 'unfinished';
    body = (
      <div className="grid gap-3 rounded-xl border bg-card p-4">
        <p className="text-sm text-muted-foreground">
          {unfinished ? t('earnings.stripeUnfinished') : t('earnings.stripeConnect')}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => start.mutate()} disabled={busy} className="w-full sm:w-auto">
            {busy ? <Spinner /> : <ExternalLink aria-hidden="true" />}
            {unfinished ? t('earnings.finishStripeSetup') : t('earnings.connectWithStripe')}
          </Button>
          {start.isError ? (
            <p role="alert" className="rounded-lg bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground">
              {getErrorMessage(start.error, t('earnings.stripeUnreachable'))}
            </p>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      {returned ? <ReturnNotice returned={returned} status={status.data} /> : null}
      {body}
    </div>
  );
}
