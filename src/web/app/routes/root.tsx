import { Outlet, ScrollRestoration } from 'react-router';
import { MainLayout } from '#web/components/layouts/main-layout';
import { NavigationProgress } from '#web/components/navigation-progress';
import { useCartCount } from '#web/features/cart/hooks/use-cart-count';

/** Everything every page shares: scroll restoration and the page-loading bar. */
export function RootShell() {
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Pages with the top navigation bar. */
export function MainLayoutRoute() {
  const cartCount = useCartCount();
  return (
    <MainLayout cartCount={cartCount}>
      <Outlet />
    </MainLayout>
  );
}
