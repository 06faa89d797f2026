import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { AuthResponse, User } from '#shared/schemas/auth';
import { apiRequest, getQueryFn, getStoredToken, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './api-client';
import { isConnectionError } from './connection';
import { writePageSessionCookie } from './page-session';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/me'],
    // A rejected token is an ordinary outcome here: null means "signed out".
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  });

const ME_QUERY_KEY = getMeQueryOptions().queryKey;

/** Revokes a token on the server; a failure is ignored because the client forgets the token anyway. */
export async function revokeToken(token?: string): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout', undefined, token ? { token } : {});
  } catch {
    // Already expired or server unreachable: nothing more to do.
  }
}

interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  /** Stores the token and user of a successful login or sign-up (docs/product.md, Accounts and access). */
  setSession: (session: AuthResponse) => void;
  /** Revokes the token, clears storage and cached data. The caller navigates. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session lasts for this page only.
  }
}

/**
 * `serverToken` only where the server renders a page: it stands for the viewer's token, which the
 * server holds and the page never sees (the browser reads its own from storage).
 */
export function AuthProvider({ serverToken, children }: { serverToken?: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => (serverToken === undefined ? getStoredToken() : serverToken));
  const meQuery = useQuery({ ...getMeQueryOptions(), enabled: token !== null });

  const forgetSession = useCallback(() => {
    writeStorage(TOKEN_STORAGE_KEY, null);
    writePageSessionCookie(null);
    writeStorage(USER_STORAGE_KEY, null);
    setToken(null);
  }, []);

  // An invalid token, or a failed check, signs the visitor out silently (docs/product.md, Accounts and access).
  // A check that never reached the server (offline, server down) is no verdict: the session waits for the
  // connection, whose return fetches the check again (./connection.ts), instead of being thrown away
  // (issue 22).
  const isCheckUnreachable = token !== null && meQuery.isError && isConnectionError(meQuery.error);
  const isRejected = token !== null && ((meQuery.isError && !isCheckUnreachable) || (meQuery.isSuccess && meQuery.data === null));
  useEffect(() => {
    if (isRejected) {
      forgetSession();
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    }
  }, [isRejected, forgetSession, queryClient]);

  const user = token !== null && meQuery.data ? meQuery.data : null;

  useEffect(() => {
    if (user) writeStorage(USER_STORAGE_KEY, JSON.stringify(user));
  }, [user]);

  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      queryClient.removeQueries();
      setToken(getStoredToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const setSession = useCallback(
    (session: AuthResponse) => {
      writeStorage(TOKEN_STORAGE_KEY, session.token);
      writePageSessionCookie(session.token);
      writeStorage(USER_STORAGE_KEY, JSON.stringify(session.user));
      // Cached answers may depend on who asked (drafts, enrollments): start fresh.
      queryClient.removeQueries();
      queryClient.setQueryData(ME_QUERY_KEY, session.user);
      setToken(session.token);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    await revokeToken();
    forgetSession();
    queryClient.clear();
  }, [forgetSession, queryClient]);

  const status: AuthStatus =
    token === null || isRejected
      ? 'anonymous'
      : user
        ? 'authenticated'
        : meQuery.isPending || isCheckUnreachable
          ? 'loading'
          : 'anonymous';

  const value = useMemo<AuthContextValue>(() => ({ user, status, setSession, logout }), [user, status, setSession, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within AuthProvider');
  return context;
}
