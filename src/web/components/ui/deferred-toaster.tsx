import { lazy, Suspense, useState } from 'react';
import { useToast } from '#web/hooks/use-toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toaster, loaded with the first toast: Radix Toast is not needed to show any page, and every toast
 * follows something the user did, so it stays out of each page's first load (JavaScript budget).
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [hasToasted, setHasToasted] = useState(false);
  if (toasts.length > 0 && !hasToasted) setHasToasted(true);
  if (!hasToasted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
