import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '#web/components/brand';
import { LanguageMenu } from '#web/components/language-menu';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { TopNav } from './top-nav';

export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
      >
        {t('shell.skipToContent')}
      </a>
      <TopNav />
      {/* At least a screen tall: the footer starts below the fold, so content arriving late never pushes it (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

function SiteFooter() {
  return (
    <footer className="border-t bg-card/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="flex items-center gap-2">
          <Logo className="size-6" />
          {/* A page the server drew on New Year's Eve may name another year than the reader's clock. */}
          <span suppressHydrationWarning>{t('shell.copyright', { year: String(new Date().getFullYear()) })}</span>
        </div>
        <nav aria-label={t('shell.footerNav')} className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link to={paths.home.getHref()} className="hover:text-foreground">
            {t('shell.courses')}
          </Link>
          <Link to={paths.creatorPortal.getHref()} className="hover:text-foreground">
            {t('shell.creatorPortal')}
          </Link>
          <LanguageMenu place="footer" />
        </nav>
      </div>
    </footer>
  );
}
