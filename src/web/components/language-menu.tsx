import { DeferredPopup } from '#web/components/deferred-popup';
import { LanguageMenuButton, type LanguageMenuPlace } from './language-menu-button';

/**
 * The language menu (docs/product.md, Languages): every language in its own name, the current one
 * ticked. Its code (Radix's menu) loads when first pointed at or pressed, as the user menu's does.
 */
export function LanguageMenu({ place }: { place: LanguageMenuPlace }) {
  return (
    <DeferredPopup
      load={() => import('./language-menu-popup').then((m) => m.LanguageMenuPopup)}
      renderTrigger={(handlers) => (
        <LanguageMenuButton place={place} aria-haspopup="menu" aria-expanded={false} data-state="closed" {...handlers} />
      )}
      renderPopup={(LanguageMenuPopup, defaultOpen) => <LanguageMenuPopup place={place} defaultOpen={defaultOpen} />}
    />
  );
}
