import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuthResponse } from '#shared/schemas/auth';
import { AuthLayout } from '#web/components/layouts/auth-layout';
import { type AuthTab, AuthTabs } from '#web/features/auth/components/auth-tabs';
import { SignupForm } from '#web/features/auth/components/signup-form';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { revokeToken, useAuth } from '#web/lib/auth';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { RETURN_PARAM, safeReturnPath } from '#web/lib/return-path';

const creatorPoints = () => [t('auth.creatorPointBuild'), t('auth.creatorPointPublish'), t('auth.creatorPointTrack')];

export default function CreatorPortalRoute() {
  const [searchParams] = useSearchParams();
  const inviteCode = searchParams.get('invite') ?? '';
  // An invitation link (or ?tab=signup) opens the Sign Up tab.
  const [tab, setTab] = useState<AuthTab>(inviteCode || searchParams.get('tab') === 'signup' ? 'signup' : 'login');
  // A creator page opened signed out sends here with `?next=`: back there after signing in.
  const returnPath = safeReturnPath(searchParams.get(RETURN_PARAM));
  const { setSession } = useAuth();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.creatorPortal'));

  const handleLogin = async (session: AuthResponse) => {
    if (session.user.role !== 'creator') {
      // Not a creator: the fresh session is not kept (docs/product.md, Accounts and access).
      await revokeToken(session.token);
      toast({ variant: 'destructive', title: t('auth.accessDenied'), description: t('auth.creatorsOnly') });
      navigate(paths.login.getHref());
      return;
    }
    setSession(session);
    toast({
      variant: 'success',
      title: t('auth.welcomeBackToast'),
      description: t('auth.signedInAs', { name: session.user.name }),
    });
    navigate(returnPath ?? paths.creator.dashboard.getHref(), { replace: returnPath !== null });
  };

  const handleSignup = (session: AuthResponse) => {
    setSession(session);
    toast({ variant: 'success', title: t('auth.creatorAccountCreated'), description: t('auth.startBuilding') });
    navigate(paths.creator.dashboard.getHref());
  };

  return (
    <AuthLayout asideTitle={t('auth.creatorAsideTitle')} asidePoints={creatorPoints()}>
      <div className="mb-6 grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('auth.creatorPortal')}</h1>
        <p className="text-muted-foreground">{t('auth.creatorPortalIntro')}</p>
      </div>
      <div className="mb-6 flex gap-3 rounded-xl border border-primary/20 bg-secondary/60 p-4 text-sm">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>
          <RichText
            text={t('auth.invitedOnly')}
            tags={{
              b: (words) => <strong className="font-semibold">{words}</strong>,
              muted: (words) => <span className="text-muted-foreground">{words}</span>,
            }}
          />
        </p>
      </div>
      <AuthTabs
        tab={tab}
        onTabChange={setTab}
        onLogin={handleLogin}
        signupForm={<SignupForm variant="creator" defaultInviteCode={inviteCode} onSuccess={handleSignup} />}
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        <RichText
          text={t('auth.hereToLearn')}
          tags={{
            link: (words) => (
              <Link to={paths.login.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
                {words}
              </Link>
            ),
          }}
        />
      </p>
    </AuthLayout>
  );
}
