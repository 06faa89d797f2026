import { useId } from 'react';
import { Link } from 'react-router';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { cn } from '#web/lib/utils';

export function Logo({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="0.55" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#d946ef" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <g fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M9 21.5 16 10l7 11.5" />
        <path d="M11.6 17.3h8.8" />
      </g>
      <g fill="#fff">
        <circle cx="16" cy="10" r="2.2" />
        <circle cx="9" cy="21.5" r="2.2" />
        <circle cx="23" cy="21.5" r="2.2" />
      </g>
    </svg>
  );
}

export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to={paths.home.getHref()}
      className={cn(
        'flex shrink-0 items-center gap-1.5 rounded-lg sm:gap-2 font-bold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
        className,
      )}
    >
      <Logo className="size-7 sm:size-8" />
      {/* On a phone the bar needs the room for its search and language buttons (issue 22, issue 40); the logo stays. */}
      <span className="text-base max-sm:sr-only sm:text-lg">{t('common.brand')}</span>
    </Link>
  );
}
