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
import { relativeTime } from '#web/lib/relative-time';
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
          {session.isCurrent ? <Badge variant="success">This device</Badge> : null}
        </span>
        <span className="text-sm text-muted-foreground">
          {session.isCurrent ? 'Active now' : `Last used ${relativeTime(session.lastUsedAt)}`} · Signed in{' '}
          {new Date(session.createdAt).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' })}
        </span>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={isBusy}
          aria-label={`Sign out ${session.device}, last used ${relativeTime(session.lastUsedAt)}`}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () => toast({ variant: 'success', title: 'Session signed out' }),
              onError: (failure) =>
                toast({
                  variant: 'destructive',
                  title: 'Could not sign out',
                  description: getErrorMessage(failure, 'Please try again.'),
                }),
            })
          }
        >
          {isBusy ? <Spinner /> : <LogOut aria-hidden="true" />}
          Sign out
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
    <AccountSection
      id="sessions"
      title="Where you're signed in"
      description="Sign out of a device you no longer use or don't recognise. Signed-out devices must log in again."
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading sessions" className="grid gap-3">
          <Skeleton className="h-12 rounded-lg" />
          <Skeleton className="h-12 rounded-lg" />
        </div>
      ) : query.isError ? (
        <RegionError
          title="Sessions could not be loaded"
          description={getErrorMessage(query.error, 'Check your connection and try again.')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <ul aria-label="Sessions" className="divide-y">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">You're not signed in anywhere else.</p>
          ) : (
            <Button
              variant="outline"
              className="mt-4"
              disabled={signOutOthers.isPending}
              onClick={() =>
                signOutOthers.mutate(undefined, {
                  onSuccess: (answer) => toast({ variant: 'success', title: answer.message }),
                  onError: (failure) =>
                    toast({
                      variant: 'destructive',
                      title: 'Could not sign out',
                      description: getErrorMessage(failure, 'Please try again.'),
                    }),
                })
              }
            >
              {signOutOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
              Sign out of all other sessions
            </Button>
          )}
        </>
      )}
    </AccountSection>
  );
}
