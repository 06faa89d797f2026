import { useNavigation } from 'react-router';

/** Thin bar at the top while a lazily loaded page is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-2/5 animate-progress bg-gradient-to-r from-brand-from via-brand-via to-brand-to" />
    </div>
  );
}
