import { LogOut, Receipt, Settings, UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { directionOf } from '#shared/i18n/locales';
import type { User } from '#shared/schemas/auth';
import { Badge } from '#web/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu';
import { useAuth } from '#web/lib/auth';
import { currentLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { UserAvatarButton } from './user-avatar-button';

/** The role's name, lower case as the badge capitalises it. */
function roleName(role: User['role']): string {
  switch (role) {
    case 'admin':
      return t('shell.roleAdmin');
    case 'creator':
      return t('shell.roleCreator');
    default:
      return t('shell.roleStudent');
  }
}

/** The user menu itself, loaded by `UserMenu` when first wanted. */
export function UserMenuPopup({ user, defaultOpen }: { user: User; defaultOpen: boolean }) {
  const { logout } = useAuth();
  const navigate = useNavigate();

  const handleLogout = async () => {
    await logout();
    navigate(paths.home.getHref());
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen} dir={directionOf(currentLocale())}>
      <DropdownMenuTrigger asChild>
        <UserAvatarButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-1">
          <span className="truncate font-semibold">{user.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          <Badge variant="secondary" className="mt-1 capitalize">
            {roleName(user.role)}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* Profile is who others see: a creator's public instructor page, anyone else's name on certificates.
            Settings is how they sign in: password and sessions. */}
        <DropdownMenuItem asChild>
          <Link to={user.role === 'creator' ? paths.instructor.getHref(user.id) : paths.account.getHref('profile')}>
            <UserRound aria-hidden="true" />
            {t('shell.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account.getHref('security')}>
            <Settings aria-hidden="true" />
            {t('shell.settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.purchases.getHref()}>
            <Receipt aria-hidden="true" />
            {t('shell.purchases')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={handleLogout}>
          <LogOut aria-hidden="true" />
          {t('shell.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
