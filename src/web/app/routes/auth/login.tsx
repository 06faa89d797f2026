import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '#shared/schemas/auth';
import { AuthLayout } from '#web/components/layouts/auth-layout';
import { type AuthTab, AuthTabs } from '#web/features/auth/components/auth-tabs';
import { SignupForm } from '#web/features/auth/components/signup-form';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useAuth } from '#web/lib/auth';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { RETURN_PARAM, safeReturnPath } from '#web/lib/return-path';

export default function LoginRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AuthTab = searchParams.get('tab') === 'signup' ? 'signup' : 'login';
  // Where the visitor was sent from (an Enroll press, a signed-in page): back there after signing in.
  const returnPath = safeReturnPath(searchParams.get(RETURN_PARAM));
  const { setSession } = useAuth();
  const navigate = useNavigate();
  useDocumentTitle(tab === 'signup' ? t('auth.signUpTitle') : t('auth.loginTitle'));

  const handleLogin = (session: AuthResponse) => {
    setSession(session);
    toast({
      variant: 'success',
      title: t('auth.welcomeBackToast'),
      description: t('auth.signedInAs', { name: session.user.name }),
    });
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
    toast({ variant: 'success', title: t('auth.accountCreated'), description: t('auth.welcomeToGradient') });
    navigate(returnPath ?? paths.home.getHref(), { replace: returnPath !== null });
  };

  return (
    <AuthLayout>
      <div className="mb-6 grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {tab === 'signup' ? t('auth.createYourAccount') : t('auth.welcomeBack')}
        </h1>
        <p className="text-muted-foreground">{tab === 'signup' ? t('auth.signUpIntro') : t('auth.loginIntro')}</p>
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
        <RichText
          text={t('auth.areYouCreator')}
          tags={{
            link: (words) => (
              <Link to={paths.creatorPortal.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
                {words}
              </Link>
            ),
          }}
        />
      </p>
    </AuthLayout>
  );
}
