import { CircleCheckBig, LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '#web/components/layouts/auth-layout';
import { Button } from '#web/components/ui/button';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

// Redirect 3 s after an invalid link, 2 s after a successful reset (docs/product.md, Accounts and access).
const INVALID_LINK_REDIRECT_MS = 3000;
const SUCCESS_REDIRECT_MS = 2000;

export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [isDone, setDone] = useState(false);
  useDocumentTitle(t('auth.resetPasswordTitle'));

  return (
    <AuthLayout>
      {!token ? <InvalidLink /> : isDone ? <ResetDone /> : <ResetForm token={token} onDone={() => setDone(true)} />}
    </AuthLayout>
  );
}

function useRedirectToLogin(delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.login.getHref(), { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, delayMs]);
}

function InvalidLink() {
  const hasNotified = useRef(false);
  useRedirectToLogin(INVALID_LINK_REDIRECT_MS);
  useEffect(() => {
    if (hasNotified.current) return;
    hasNotified.current = true;
    toast({
      variant: 'destructive',
      title: t('auth.invalidLink'),
      description: t('auth.resetLinkInvalid'),
    });
  }, []);

  return (
    <div className="grid gap-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-destructive-muted text-destructive-muted-foreground">
        <LinkIcon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('auth.invalidResetLinkHeading')}</h1>
      <p className="text-muted-foreground">{t('auth.takingYouToLogin')}</p>
      <Button asChild variant="outline" className="mx-auto">
        <Link to={paths.login.getHref()}>{t('auth.backToLogin')}</Link>
      </Button>
    </div>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('auth.setNewPassword')}</h1>
        <p className="text-muted-foreground">{t('auth.chooseNewPassword')}</p>
      </div>
      <ResetPasswordForm token={token} onSuccess={onDone} />
      <p className="text-center text-sm text-muted-foreground">
        <Link to={paths.login.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('auth.backToLogin')}
        </Link>
      </p>
    </div>
  );
}

function ResetDone() {
  useRedirectToLogin(SUCCESS_REDIRECT_MS);
  return (
    <div role="status" className="grid gap-4 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-success-muted text-success-muted-foreground">
        <CircleCheckBig className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('auth.passwordUpdated')}</h1>
      <p className="text-muted-foreground">{t('auth.takingYouToLogin')}</p>
    </div>
  );
}
