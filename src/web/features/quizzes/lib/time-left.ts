import { useEffect, useState } from 'react';

/** Milliseconds until `expiresAt` by this device's clock, ticking each second; the server's clock decides. */
export function useTimeLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Date.parse(expiresAt) - now) : null;
}
