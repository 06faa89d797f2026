import { ShoppingCart } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '#web/components/ui/button';

/** The cart's trigger: a cart icon with the count badge when the count is above 0 (SPEC §2). */
export function CartIconButton({ count, ...props }: ComponentProps<'button'> & { count: number }) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label="Cart" className="relative" {...props}>
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-primary-foreground ring-2 ring-background"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Button>
  );
}
