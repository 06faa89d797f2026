import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordBodySchema } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useForgotPassword } from '#web/features/auth/api/forgot-password';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { formString, toFieldErrors } from '#web/lib/form';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

/** Request form, then a confirmation view with the address entered (docs/product.md, Accounts and access). */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useForgotPassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ForgotPasswordBodySchema.safeParse({ email: formString(new FormData(event.currentTarget), 'email') });
    if (!parsed.success) {
      setError(toFieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: t('auth.emailSent'),
          description: t('auth.resetLinkSentIfExists'),
        });
        setSentTo(parsed.data.email);
      },
      onError: (err) => {
        toast({
          variant: 'destructive',
          title: t('auth.error'),
          description: isApiError(err, 429) ? getErrorMessage(err, t('auth.resetEmailFailed')) : t('auth.resetEmailFailed'),
        });
      },
    });
  };

  if (sentTo !== null) {
    return (
      <div className="grid gap-6 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-success-muted text-success-muted-foreground">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t('auth.checkYourEmail')}</h1>
          <p className="text-muted-foreground">
            <RichText
              text={t('auth.resetLinkSentTo')}
              tags={{ email: () => <strong className="break-all text-foreground">{sentTo}</strong> }}
            />
          </p>
          <p className="text-sm text-muted-foreground">{t('auth.linkExpiresInHour')}</p>
        </div>
        <div className="grid gap-3">
          <Button
            variant="outline"
            size="lg"
            onClick={() => {
              mutation.reset();
              setSentTo(null);
            }}
          >
            {t('auth.sendAnotherLink')}
          </Button>
          <Button asChild variant="ghost" size="lg">
            <Link to={paths.login.getHref()}>{t('auth.backToLogin')}</Link>
          </Button>
        </div>
      </div>
    );
  }

  const isPending = mutation.isPending;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('auth.forgotHeading')}</h1>
        <p className="text-muted-foreground">{t('auth.forgotIntro')}</p>
      </div>
      <form noValidate onSubmit={handleSubmit} className="grid gap-5">
        <FormField label={t('auth.email')} error={error}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder={t('auth.emailPlaceholder')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="gradient" size="lg" disabled={isPending}>
          {isPending ? <Spinner /> : null}
          {isPending ? t('auth.sending') : t('auth.sendResetLink')}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        <RichText
          text={t('auth.rememberedIt')}
          tags={{
            link: (words) => (
              <Link to={paths.login.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
                {words}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}
