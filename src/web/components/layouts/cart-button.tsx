import { lazy, Suspense } from 'react';
import { useHydrated } from '#web/hooks/use-hydrated';
import { CartLink } from './cart-link';

// The count is the browser's to know (a guest's cart is in this browser): it arrives after first
// paint, in a chunk of its own (the JavaScript budget, ADR 0031).
const CartButtonWithCount = lazy(() => import('./cart-count'));

/** SPEC §2's cart button, with the count of courses in the cart when above 0 (a guest's cart too). */
export function CartButton() {
  const isHydrated = useHydrated();
  if (!isHydrated) return <CartLink />;
  return (
    <Suspense fallback={<CartLink />}>
      <CartButtonWithCount />
    </Suspense>
  );
}
