import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { useHydrated } from '#web/hooks/use-hydrated';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import type { AddToCartCourse } from './cart-toggle';

// What the cart holds is known only in the browser (a guest's cart is this browser's): the button's
// state and action arrive after first paint, in their own chunk (the JavaScript budget, ADR 0031).
const CartToggle = lazy(() => import('./cart-toggle'));

/** The button before the browser knows the cart; cart-toggle.tsx draws the same. */
function AddToCartLook({ course, compact, onClick }: { course: AddToCartCourse; compact: boolean; onClick?: () => void }) {
  return (
    <Button
      variant="outline"
      size={compact ? 'icon-sm' : 'default'}
      aria-label={compact ? t('shell.addNamedToCart', { title: course.title }) : undefined}
      onClick={onClick}
    >
      <ShoppingCart aria-hidden="true" />
      {compact ? null : t('shell.addToCart')}
    </Button>
  );
}

/**
 * Add to cart (docs/product.md, Prices, coupons and the cart) for a paid course someone may buy: a guest (this
 * browser's cart) or a student (their account's). Once in the cart it links there. `compact` is the card's icon
 * button.
 */
export function AddToCartButton({ course, compact = false }: { course: AddToCartCourse; compact?: boolean }) {
  const { user } = useAuth();
  const isHydrated = useHydrated();
  // Pressed before its code arrived: the press is kept, and done once it has.
  const [isAddPressed, setIsAddPressed] = useState(false);
  // Creators buy through checkout, having no cart (docs/product.md, Catalogue and course pages); nobody buys a
  // free, archived or unpublished course here.
  if (user?.role === 'creator' || Number(course.price) === 0 || course.archived || !course.published) return null;
  // A press before then (replayed once the page is taken over, press-replay.ts) is kept for CartToggle.
  if (!isHydrated) return <AddToCartLook course={course} compact={compact} onClick={() => setIsAddPressed(true)} />;
  return (
    <Suspense fallback={<AddToCartLook course={course} compact={compact} onClick={() => setIsAddPressed(true)} />}>
      <CartToggle course={course} compact={compact} isAddPressed={isAddPressed} />
    </Suspense>
  );
}
