import { type ComponentProps, type ComponentType, type KeyboardEvent, type ReactElement, useRef, useState } from 'react';

type TriggerProps = Pick<ComponentProps<'button'>, 'onPointerEnter' | 'onClick' | 'onKeyDown'>;

interface DeferredPopupProps<P> {
  /** The real trigger and popup, one Radix component. */
  load: () => Promise<ComponentType<P>>;
  /** The look-alike trigger shown until then; it must spread the given handlers. */
  renderTrigger: (handlers: TriggerProps) => ReactElement;
  /** Renders the loaded component; `defaultOpen` is true when a press is what loaded it. */
  renderPopup: (Popup: ComponentType<P>, defaultOpen: boolean) => ReactElement;
}

/**
 * A menu or popover whose code (Radix with its positioning, ~20 KB gzip) loads when the user points
 * at or presses its trigger, not with the page (JavaScript budget). A press before the code is here
 * opens the popup as soon as it arrives; afterwards the real Radix trigger replaces the look-alike.
 * Focus alone loads nothing: the swap would remove the button the keyboard is on, and focus would fall
 * to the page's body, with nothing to show where that Tab went (a press opens the popup, which takes focus).
 */
export function DeferredPopup<P>({ load, renderTrigger, renderPopup }: DeferredPopupProps<P>) {
  const [popup, setPopup] = useState<{ Component: ComponentType<P> } | null>(null);
  const [isOpenWanted, setOpenWanted] = useState(false);
  const loading = useRef<Promise<void> | null>(null);

  const startLoading = () => {
    loading.current ??= load().then(
      (Component) => setPopup({ Component }),
      () => {
        // Offline or a stale deploy: the next press tries again.
        loading.current = null;
      },
    );
  };
  const open = () => {
    setOpenWanted(true);
    startLoading();
  };

  if (popup) return renderPopup(popup.Component, isOpenWanted);
  return renderTrigger({
    onPointerEnter: startLoading,
    onClick: open,
    // Radix menus also open with the down arrow.
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') open();
    },
  });
}
