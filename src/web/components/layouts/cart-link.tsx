import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

/** The cart button's look: the cart page, named with the count (cart-count.tsx), which it shows when above 0. */
export function CartLink({ label = t('shell.cart'), children }: { label?: string; children?: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="icon-sm" className="relative">
      <Link to={paths.cart.getHref()} aria-label={label}>
        <ShoppingCart className="size-5" aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
