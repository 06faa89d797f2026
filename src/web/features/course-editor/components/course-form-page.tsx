import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';

interface CourseFormPageProps {
  title: string;
  description: ReactNode;
  back: { to: string; label: string };
  children: ReactNode;
}

export function CourseFormPage({ title, description, back, children }: CourseFormPageProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-10">
      <Button asChild variant="ghost" size="sm" className="-ms-2 mb-4">
        <Link to={back.to}>
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          {back.label}
        </Link>
      </Button>
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
        <p className="mt-1 text-muted-foreground">{description}</p>
      </header>
      {children}
    </div>
  );
}
