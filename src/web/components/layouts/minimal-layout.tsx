import type { ReactNode } from 'react';
import { BrandLink } from '#web/components/brand';
import { LanguageMenu } from '#web/components/language-menu';
import { ThemeToggle } from '#web/components/theme-toggle';

/** Full-screen pages (learning player, preview): a slim header instead of the top navigation. */
export function MinimalLayout({
  children,
  actions,
  skipTo,
}: {
  children: ReactNode;
  actions?: ReactNode;
  /** The first stop of the keyboard: past the header to the page's own content (e.g. Learn's lesson). */
  skipTo?: { href: string; label: string };
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      {skipTo ? (
        <a
          href={skipTo.href}
          className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-2 focus:top-2"
        >
          {skipTo.label}
        </a>
      ) : null}
      <header className="flex h-14 items-center justify-between gap-2 border-b px-4 sm:px-6">
        <BrandLink />
        <div className="flex items-center gap-2">
          {actions}
          <LanguageMenu place="header" />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
