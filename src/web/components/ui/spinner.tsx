import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <LoaderCircle className={cn('size-4 animate-spin', className)} aria-hidden="true" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
