import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useCart, useMergeGuestCart } from '#web/lib/cart';
import { paths } from '#web/lib/paths';

/** SPEC §2's cart button: the count of courses in the cart, shown when above 0 (a guest's cart too). */
export function CartButton() {
  const { count } = useCart();
  useMergeGuestCart();
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'course' : 'courses'}` : 'Cart';
  return (
    <Button asChild variant="ghost" size="icon-sm" className="relative">
      <Link to={paths.cart.getHref()} aria-label={label}>
        <ShoppingCart className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            data-testid="cart-count"
            aria-hidden="true"
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground tabular-nums ring-2 ring-background"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
