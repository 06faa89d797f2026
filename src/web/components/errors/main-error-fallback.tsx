import { t } from '#web/lib/i18n/t';
import { ErrorScreen } from './error-screen';

/** Last-resort screen when the app itself fails; uses a plain link since the router may be down. */
export function MainErrorFallback({ error }: { error?: unknown }) {
  return (
    <ErrorScreen
      error={error}
      className="min-h-dvh"
      description={t('shell.unexpectedError')}
      homeLink={<a href="/">{t('common.backToHome')}</a>}
    />
  );
}
