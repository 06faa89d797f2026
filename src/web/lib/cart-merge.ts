import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { isApiError } from './api-client';
import { getCartQueryOptions, putCartItem, readGuestCart, subscribeGuestCart, writeGuestCart } from './cart';

/*
 * Putting a guest's cart into their account's once they sign in: loaded only then (cart.ts), so it is
 * no part of any page's first load.
 */

/** True while a signed-in tab puts the guest cart into the account's. */
let isMerging = false;

function setMerging(next: boolean) {
  isMerging = next;
  window.dispatchEvent(new Event('ga-guest-cart'));
}

/** Whether this browser's guest cart is on its way into the account's cart: the cart page waits for it. */
export function useIsMergingGuestCart(): boolean {
  return useSyncExternalStore(
    subscribeGuestCart,
    () => isMerging,
    () => false,
  );
}

/**
 * The courses a guest put in this browser's cart go into their account's cart, one by one, oldest
 * first; each leaves the browser's list once the server has answered (a course they own already, or
 * that is no longer sold, is refused and simply not added). Answers a function that stops it.
 */
export function mergeGuestCart(queryClient: QueryClient): () => void {
  let isCurrent = true;
  setMerging(true);
  void (async () => {
    try {
      for (const courseId of readGuestCart()) {
        if (!isCurrent) return;
        try {
          await putCartItem(courseId);
        } catch (error) {
          // Offline or the server down: the course stays for the next time.
          if (!isApiError(error) || error.status >= 500) return;
        }
        writeGuestCart(readGuestCart().filter((id) => id !== courseId));
      }
      await queryClient.invalidateQueries({ queryKey: getCartQueryOptions().queryKey });
    } finally {
      setMerging(false);
    }
  })();
  return () => {
    isCurrent = false;
  };
}
