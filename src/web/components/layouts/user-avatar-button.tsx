import type { ComponentProps } from 'react';
import type { User } from '#shared/schemas/auth';
import { t } from '#web/lib/i18n/t';

function initialsOf(user: User): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0]?.slice(0, 2) ?? '');
  return (letters || user.email.slice(0, 1)).toUpperCase();
}

/** The user menu's trigger: the user's initials on the brand gradient. */
export function UserAvatarButton({ user, ...props }: ComponentProps<'button'> & { user: User }) {
  const initials = initialsOf(user);
  return (
    // The initials are the button's visible label, so they are part of its name (WCAG 2.5.3).
    <button
      type="button"
      aria-label={t('shell.userMenu', { initials })}
      className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-from via-brand-via to-brand-to text-sm font-semibold text-white shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
      {...props}
    >
      <span aria-hidden="true">{initials}</span>
    </button>
  );
}
