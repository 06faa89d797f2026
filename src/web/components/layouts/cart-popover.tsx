import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '#web/components/ui/popover';
import { paths } from '#web/lib/paths';
import { CartIconButton } from './cart-icon-button';

/** The cart popover itself, loaded by `CartButton` when first wanted. */
export function CartPopover({ count, defaultOpen }: { count: number; defaultOpen: boolean }) {
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <CartIconButton count={count} />
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
