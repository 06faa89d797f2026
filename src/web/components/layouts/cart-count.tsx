import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '#web/lib/auth';
import { readGuestCart, useCart } from '#web/lib/cart';
import { t } from '#web/lib/i18n/t';
import { CartLink } from './cart-link';

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

/** The cart button with the count of courses in the cart, shown when above 0 and part of its name. */
export default function CartButtonWithCount() {
  const { count } = useCart();
  useMergeGuestCart();
  if (count === 0) return <CartLink />;
  return (
    <CartLink label={t('shell.cartWithCount', { count })}>
      <span
        aria-hidden="true"
        className="absolute -end-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-bold text-primary-foreground ring-2 ring-background"
      >
        {count > 99 ? '99+' : count}
      </span>
    </CartLink>
  );
}
