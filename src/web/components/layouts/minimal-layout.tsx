import type { ReactNode } from 'react';
import { BrandLink } from '#web/components/brand';
import { ThemeToggle } from '#web/components/theme-toggle';

/** Full-screen pages (learning player, preview): a slim header instead of the top navigation. */
export function MinimalLayout({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center justify-between gap-2 border-b px-4 sm:px-6">
        <BrandLink />
        <div className="flex items-center gap-2">
          {actions}
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
