import type { User } from '#shared/schemas/auth';
import { DeferredPopup } from '#web/components/deferred-popup';
import { UserAvatarButton } from './user-avatar-button';

export function UserMenu({ user }: { user: User }) {
  return (
    <DeferredPopup
      load={() => import('./user-menu-popup').then((m) => m.UserMenuPopup)}
      renderTrigger={(handlers) => (
        <UserAvatarButton user={user} aria-haspopup="menu" aria-expanded={false} data-state="closed" {...handlers} />
      )}
      renderPopup={(UserMenuPopup, defaultOpen) => <UserMenuPopup user={user} defaultOpen={defaultOpen} />}
    />
  );
}
