import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '#shared/schemas/auth';
import { AuthLayout } from '#web/components/layouts/auth-layout';
import { type AuthTab, AuthTabs } from '#web/features/auth/components/auth-tabs';
import { SignupForm } from '#web/features/auth/components/signup-form';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useAuth } from '#web/lib/auth';
import { paths } from '#web/lib/paths';
import { RETURN_PARAM, safeReturnPath } from '#web/lib/return-path';

export default function LoginRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'signup' ? 'signup' : 'login';
  // Where the visitor was sent from (an Enroll press, a signed-in page): back there after signing in.
  const returnPath = safeReturnPath(searchParams.get(RETURN_PARAM));
  const { setSession } = useAuth();
  const navigate = useNavigate();
  useDocumentTitle(tab === 'signup' ? 'Sign Up' : 'Login');

  const handleLogin = (session: AuthResponse) => {
    setSession(session);
    toast({ variant: 'success', title: 'Welcome back!', description: `Signed in as ${session.user.name}.` });
    const home =
      session.user.role === 'creator'
        ? paths.creator.dashboard.getHref()
        : session.user.role === 'admin'
          ? paths.admin.getHref()
          : paths.home.getHref();
    navigate(returnPath ?? home, { replace: returnPath !== null });
  };

  const handleSignup = (session: AuthResponse) => {
    setSession(session);
    toast({ variant: 'success', title: 'Account created!', description: 'Welcome to Gradient Academy.' });
    navigate(returnPath ?? paths.home.getHref(), { replace: returnPath !== null });
  };

  return (
    <AuthLayout>
      <div className="mb-6 grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {tab === 'signup' ? 'Create your account' : 'Welcome back'}
        </h1>
        <p className="text-muted-foreground">
          {tab === 'signup' ? 'Start learning AI and machine learning today.' : 'Log in to continue learning where you left off.'}
        </p>
      </div>
      <AuthTabs
        tab={tab}
        onTabChange={(next) =>
          setSearchParams(
            {
              ...(next === 'signup' ? { tab: 'signup' } : {}),
              ...(returnPath ? { [RETURN_PARAM]: returnPath } : {}),
            },
            { replace: true },
          )
        }
        onLogin={handleLogin}
        signupForm={<SignupForm onSuccess={handleSignup} />}
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Are you a creator?{' '}
        <Link to={paths.creatorPortal.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
          Creator portal
        </Link>
      </p>
    </AuthLayout>
  );
}
