import { Hammer, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { Badge } from './ui/badge';

interface ComingSoonProps {
  title: string;
  description: string;
  icon?: LucideIcon;
  /** Links that lead somewhere useful meanwhile. */
  children?: ReactNode;
}

/** An honest placeholder for a page that is not built yet: no invented content. */
export function ComingSoon({ title, description, icon: Icon = Hammer, children }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-from via-brand-via to-brand-to text-white shadow-lg shadow-primary/25">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <Badge variant="secondary" className="mb-3">
        Coming soon
      </Badge>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-balance text-muted-foreground">{description}</p>
      {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
    </div>
  );
}
