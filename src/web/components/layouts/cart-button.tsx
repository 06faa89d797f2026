import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '#web/components/errors/error-boundary';
import { useHydrated } from '#web/hooks/use-hydrated';
import { CartLink } from './cart-link';

// The count is the browser's to know (a guest's cart is in this browser): it arrives after first
// paint, in a chunk of its own (the JavaScript budget, ADR 0031).
const CartButtonWithCount = lazy(() => import('./cart-count'));

/**
 * The header's cart button (docs/product.md, Pages, addresses and the header), with the count of courses in the
 * cart when above 0 (a guest's cart too).
 */
export function CartButton() {
  const isHydrated = useHydrated();
  if (!isHydrated) return <CartLink />;
  // Should the count's code fail to arrive (offline), the plain link stands in: never an error that
  // takes the page's layout down with it, which no return of the connection could reset.
  return (
    <ErrorBoundary fallback={() => <CartLink />}>
      <Suspense fallback={<CartLink />}>
        <CartButtonWithCount />
      </Suspense>
    </ErrorBoundary>
  );
}
