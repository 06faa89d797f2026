import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import { DeleteAccount } from './delete-account';
import { EmailForm } from './email-form';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';
import { SessionsList } from './sessions-list';

/** Profile (name, email) and settings (password, sessions, deletion) of the signed-in user, on one page. */
export function AccountPage({ onDeleted }: { onDeleted: () => void }) {
  useDocumentTitle(t('account.title'));
  const { user } = useAuth();
  const { hash } = useLocation();

  // The menu's Settings entry opens /account#security: bring that section into view once drawn.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('account.title')}</h1>
        <p className="text-muted-foreground">{t('account.intro')}</p>
      </header>
      <NameForm key={`name-${user.name}`} user={user} />
      <EmailForm user={user} />
      <PasswordForm />
      <SessionsList />
      <DeleteAccount user={user} onDeleted={onDeleted} />
    </div>
  );
}
