import { Laptop, LogOut } from 'lucide-react';
import type { AccountSession } from '#shared/schemas/account';
import { RegionError } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { useAccountSessions } from '#web/lib/api/get-account-sessions';
import { getErrorMessage } from '#web/lib/api-client';
import { formatDate, relativeTime } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';
import { AccountSection } from './account-section';

function SessionRow({ session }: { session: AccountSession }) {
  const signOut = useSignOutSession();
  const isBusy = signOut.isPending;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Laptop className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{session.device}</span>
          {session.isCurrent ? <Badge variant="success">{t('account.thisDevice')}</Badge> : null}
        </span>
        <span className="text-sm text-muted-foreground">
          {session.isCurrent ? t('account.activeNow') : t('account.lastUsed', { time: relativeTime(session.lastUsedAt) })} ·{' '}
          {t('account.signedInOn', {
            date: formatDate(session.createdAt, { day: 'numeric', month: 'short', year: 'numeric' }),
          })}
        </span>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={isBusy}
          aria-label={t('account.signOutSessionLabel', { device: session.device, time: relativeTime(session.lastUsedAt) })}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () => toast({ variant: 'success', title: t('account.sessionSignedOut') }),
              onError: (failure) =>
                toast({
                  variant: 'destructive',
                  title: t('account.couldNotSignOut'),
                  description: getErrorMessage(failure, t('account.tryAgain')),
                }),
            })
          }
        >
          {isBusy ? <Spinner /> : <LogOut aria-hidden="true" />}
          {t('account.signOut')}
        </Button>
      )}
    </li>
  );
}

export function SessionsList() {
  const query = useAccountSessions();
  const signOutOthers = useSignOutOtherSessions();
  const sessions = query.data?.items ?? [];
  const others = sessions.filter((session) => !session.isCurrent).length;

  return (
    <AccountSection id="sessions" title={t('account.sessionsTitle')} description={t('account.sessionsDescription')}>
      {query.isPending ? (
        <div role="status" aria-label={t('account.loadingSessions')} className="grid gap-3">
          <Skeleton className="h-12 rounded-lg" />
          <Skeleton className="h-12 rounded-lg" />
        </div>
      ) : query.isError ? (
        <RegionError
          title={t('account.sessionsLoadFailed')}
          description={getErrorMessage(query.error, t('account.checkConnection'))}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <ul aria-label={t('account.sessions')} className="divide-y">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t('account.notSignedInElsewhere')}</p>
          ) : (
            <Button
              variant="outline"
              className="mt-4"
              disabled={signOutOthers.isPending}
              onClick={() =>
                signOutOthers.mutate(undefined, {
                  onSuccess: (answer) =>
                    toast({ variant: 'success', title: t('account.signedOutOthers', { count: answer.count }) }),
                  onError: (failure) =>
                    toast({
                      variant: 'destructive',
                      title: t('account.couldNotSignOut'),
                      description: getErrorMessage(failure, t('account.tryAgain')),
                    }),
                })
              }
            >
              {signOutOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
              {t('account.signOutOthers')}
            </Button>
          )}
        </>
      )}
    </AccountSection>
  );
}
