import { CircleCheckBig } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandLink, Logo } from '#web/components/brand';
import { LanguageMenu } from '#web/components/language-menu';
import { ThemeToggle } from '#web/components/theme-toggle';
import { t } from '#web/lib/i18n/t';

interface AuthLayoutProps {
  /** Side panel copy (large screens). */
  asideTitle?: string;
  asidePoints?: string[];
  children: ReactNode;
}

const defaultPoints = () => [t('shell.authPointCourses'), t('shell.authPointQuizzes'), t('shell.authPointCertificate')];

/** Sign-in style pages: no top navigation, a brand panel and a centred form column. */
export function AuthLayout({ asideTitle = t('shell.authAsideTitle'), asidePoints = defaultPoints(), children }: AuthLayoutProps) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-from via-brand-via to-brand-to p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="hero-grid pointer-events-none absolute inset-0 opacity-60" aria-hidden="true" />
        <div className="relative flex items-center gap-2 text-lg font-bold">
          <Logo className="size-9 ring-1 ring-white/30 rounded-lg" />
          {t('common.brand')}
        </div>
        <div className="relative max-w-md">
          <p className="text-3xl leading-tight font-bold tracking-tight xl:text-4xl">{asideTitle}</p>
          <ul className="mt-8 grid gap-4">
            {asidePoints.map((point) => (
              <li key={point} className="flex items-start gap-3 text-white/90">
                <CircleCheckBig className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/75">{t('shell.copyright', { year: String(new Date().getFullYear()) })}</p>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-8">
          <BrandLink className="lg:invisible" />
          <div className="flex items-center gap-2">
            <LanguageMenu place="header" />
            <ThemeToggle />
          </div>
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:px-8">
          <div className="w-full max-w-md">{children}</div>
        </main>
      </div>
    </div>
  );
}
