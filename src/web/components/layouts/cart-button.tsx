import { DeferredPopup } from '#web/components/deferred-popup';
import { CartIconButton } from './cart-icon-button';

export function CartButton({ count }: { count: number }) {
  return (
    <DeferredPopup
      load={() => import('./cart-popover').then((m) => m.CartPopover)}
      renderTrigger={(handlers) => (
        <CartIconButton count={count} aria-haspopup="dialog" aria-expanded={false} data-state="closed" {...handlers} />
      )}
      renderPopup={(CartPopover, defaultOpen) => <CartPopover count={count} defaultOpen={defaultOpen} />}
    />
  );
}
