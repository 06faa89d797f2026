import { BookOpen, LayoutDashboard, Search, ShieldCheck, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLink } from '#web/components/brand';
import { LanguageMenu } from '#web/components/language-menu';
import { ThemeToggle } from '#web/components/theme-toggle';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { CartButton } from './cart-button';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

const PHONE_SEARCH_ID = 'phone-search';

export function TopNav() {
  const { user, status } = useAuth();
  // Below md the search box does not fit the bar: an icon opens it in a row of its own (issue 22).
  const [isSearchOpen, setSearchOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the row
  useEffect(() => setSearchOpen(false), [pathname]);
  const closeSearch = () => {
    setSearchOpen(false);
    searchButton.current?.focus();
  };

  // Signing in comes back here, on the page the server drew as on the browser's (a press before the
  // code arrives follows the drawn link). Home names none: signing in lands there, or on a creator's
  // dashboard. The login page follows only a path of this site (return-path.ts, not loaded here: budget).
  const here = pathname + search;
  const next = here === paths.home.getHref() ? '' : `next=${encodeURIComponent(here)}`;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <nav
        aria-label={t('shell.mainNav')}
        className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8"
      >
        <BrandLink />
        <SearchBox className="mx-auto hidden max-w-md md:block" />
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <Button
            ref={searchButton}
            variant="ghost"
            size="icon-sm"
            className="md:hidden"
            aria-label={isSearchOpen ? t('shell.closeSearch') : t('shell.searchCourses')}
            aria-expanded={isSearchOpen}
            aria-controls={isSearchOpen ? PHONE_SEARCH_ID : undefined}
            onClick={() => (isSearchOpen ? closeSearch() : setSearchOpen(true))}
          >
            {isSearchOpen ? <X className="size-5" aria-hidden="true" /> : <Search className="size-5" aria-hidden="true" />}
          </Button>
          <LanguageMenu place="header" />
          <ThemeToggle />
          {status === 'loading' ? (
            <Skeleton className="size-9 rounded-full" />
          ) : user ? (
            <>
              {user.role === 'admin' ? (
                <Button asChild variant="ghost" size="sm" aria-label={t('shell.admin')} className="max-sm:size-9 max-sm:px-0">
                  <Link to={paths.admin.getHref()}>
                    <ShieldCheck aria-hidden="true" />
                    <span className="max-sm:hidden">{t('shell.admin')}</span>
                  </Link>
                </Button>
              ) : null}
              {user.role === 'creator' ? (
                <Button asChild variant="ghost" size="sm" aria-label={t('shell.dashboard')} className="max-sm:size-9 max-sm:px-0">
                  <Link to={paths.creator.dashboard.getHref()}>
                    <LayoutDashboard aria-hidden="true" />
                    <span className="max-sm:hidden">{t('shell.dashboard')}</span>
                  </Link>
                </Button>
              ) : (
                <>
                  <Button
                    asChild
                    variant="ghost"
                    size="sm"
                    aria-label={t('shell.myCourses')}
                    className="max-sm:size-9 max-sm:px-0"
                  >
                    <Link to={paths.myCourses.getHref()}>
                      <BookOpen aria-hidden="true" />
                      <span className="max-sm:hidden">{t('shell.myCourses')}</span>
                    </Link>
                  </Button>
                  {/* The cart is a student's (docs/product.md, Prices, coupons and the cart): an admin buys nothing here. */}
                  {user.role === 'student' ? <CartButton /> : null}
                </>
              )}
              <UserMenu user={user} />
            </>
          ) : (
            <>
              {/* A guest's cart is kept in this browser until they sign in (docs/product.md, Prices, coupons and the cart). */}
              <CartButton />
              <Button asChild variant="ghost" size="sm" className="max-sm:px-2.5">
                <Link to={next ? `${paths.login.getHref()}?${next}` : paths.login.getHref()}>{t('shell.login')}</Link>
              </Button>
              <Button asChild variant="gradient" size="sm" className="max-sm:px-2.5">
                <Link to={next ? `${paths.login.getHref('signup')}&${next}` : paths.login.getHref('signup')}>
                  {t('shell.signUp')}
                </Link>
              </Button>
            </>
          )}
        </div>
      </nav>
      {isSearchOpen ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the row from the box inside it
        <div
          className="border-t px-3 py-2 sm:px-6 md:hidden"
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeSearch();
          }}
        >
          <SearchBox id={PHONE_SEARCH_ID} autoFocus onSearch={() => setSearchOpen(false)} />
        </div>
      ) : null}
    </header>
  );
}
