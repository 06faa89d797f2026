import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

export function BuilderPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-10">{children}</div>;
}

export function BackToDashboard({ variant = 'ghost' }: { variant?: 'ghost' | 'outline' }) {
  return (
    <Button
      asChild
      variant={variant}
      size={variant === 'ghost' ? 'sm' : 'default'}
      className={variant === 'ghost' ? '-ms-2 w-fit' : 'w-fit'}
    >
      <Link to={paths.creator.dashboard.getHref()}>
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t('courseEditor.backToDashboard')}
      </Link>
    </Button>
  );
}
