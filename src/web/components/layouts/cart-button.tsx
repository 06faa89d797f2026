import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '#web/components/ui/popover';
import { paths } from '#web/lib/paths';

export function CartButton({ count }: { count: number }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Cart" className="relative">
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
      </PopoverTrigger>
      <PopoverContent aria-label="Cart">
        {count > 0 ? (
          <p className="text-sm">
            {count} {count === 1 ? 'course' : 'courses'} in your cart.
          </p>
        ) : (
          <div className="grid gap-2">
            <p className="font-semibold">Your cart is empty</p>
            <p className="text-sm text-muted-foreground">Find a course you like and enroll from its page.</p>
            <PopoverClose asChild>
              <Button asChild size="sm" variant="outline" className="mt-1">
                <Link to={{ pathname: paths.home.path, hash: 'courses' }}>Browse courses</Link>
              </Button>
            </PopoverClose>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
