import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useAuth } from '#web/lib/auth';
import { readGuestCart, useCart } from '#web/lib/cart';
import { paths } from '#web/lib/paths';

/**
 * Once a guest signs in, what they put in this browser's cart joins their account's (cart-merge.ts,
 * loaded only then).
 */
function useMergeGuestCart() {
  const userId = useAuth().user?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || readGuestCart().length === 0) return;
    let stop: (() => void) | undefined;
    let isCurrent = true;
    void import('#web/lib/cart-merge').then((merge) => {
      if (isCurrent) stop = merge.mergeGuestCart(queryClient);
    });
    return () => {
      isCurrent = false;
      stop?.();
    };
  }, [userId, queryClient]);
}

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
            aria-hidden="true"
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-bold text-primary-foreground ring-2 ring-background"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
