import { LogOut, Settings, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
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
import { paths } from '#web/lib/paths';

function initialsOf(user: User): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0]?.slice(0, 2) ?? '');
  return (letters || user.email.slice(0, 1)).toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const initials = initialsOf(user);
  const navigate = useNavigate();

  const handleLogout = async () => {
    await logout();
    navigate(paths.home.getHref());
  };

  return (
    <DropdownMenu>
      {/* The initials are the button's visible label, so they are part of its name (WCAG 2.5.3). */}
      <DropdownMenuTrigger
        aria-label={`User menu, ${initials}`}
        className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-from via-brand-via to-brand-to text-sm font-semibold text-white shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
      >
        <span aria-hidden="true">{initials}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-1">
          <span className="truncate font-semibold">{user.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          <Badge variant="secondary" className="mt-1 capitalize">
            {user.role}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* Profile and settings pages are not built yet: shown, but not selectable. */}
        <DropdownMenuItem disabled>
          <UserRound aria-hidden="true" />
          Profile
          <span className="ml-auto text-xs text-muted-foreground">Soon</span>
        </DropdownMenuItem>
        <DropdownMenuItem disabled>
          <Settings aria-hidden="true" />
          Settings
          <span className="ml-auto text-xs text-muted-foreground">Soon</span>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={handleLogout}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
