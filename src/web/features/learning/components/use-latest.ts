import { type RefObject, useLayoutEffect, useRef } from 'react';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? () => {} : useLayoutEffect;

/** The newest value, for callbacks whose effects should not re-run each time the caller re-renders. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useIsomorphicLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
