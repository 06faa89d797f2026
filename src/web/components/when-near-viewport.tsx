import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Its children once their place comes within a screen of the viewport, or at once when `isWanted` (a
 * link to something inside them): what sits below a page's fold loads its code and data only when the
 * reader heads there. Where the server draws, and while React takes the page over, it is an empty mark.
 */
export function WhenNearViewport({ children, isWanted = false }: { children: ReactNode; isWanted?: boolean }) {
  const [isNear, setNear] = useState(false);
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isNear) return;
    if (isWanted) return setNear(true);
    const element = mark.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, isWanted]);
  return isNear ? children : <div ref={mark} className="h-px" />;
}
