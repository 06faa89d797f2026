import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { Cart } from '#shared/schemas/cart';
import { useHydrated } from '#web/hooks/use-hydrated';
import { apiJson } from './api-client';
import { useAuth } from './auth';

/*
 * The cart (docs/product.md, Prices, coupons and the cart): the server's for a signed-in user, kept across
 * devices; this browser's for a guest (localStorage, course ids only), put into the server's cart when they
 * sign in. Shared by the top bar's count, the Add to cart buttons and the cart page; kept small, as it is in
 * every page's first load.
 */

const GUEST_CART_KEY = 'cart';
/** Told to this tab's readers when it changes the guest cart (other tabs hear the `storage` event). */
const GUEST_CART_EVENT = 'ga-guest-cart';
const NO_IDS: readonly string[] = [];

let cachedText: string | null = null;
let cachedIds: readonly string[] = NO_IDS;

/** The guest's course ids, oldest first; the same array while the stored text is the same. */
export function readGuestCart(): readonly string[] {
  let text: string | null = null;
  try {
    text = localStorage.getItem(GUEST_CART_KEY);
  } catch {
    return NO_IDS;
  }
  if (text === cachedText) return cachedIds;
  cachedText = text;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    cachedIds = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string').slice(0, 50) : NO_IDS;
  } catch {
    cachedIds = NO_IDS;
  }
  return cachedIds;
}

export function writeGuestCart(ids: readonly string[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(GUEST_CART_KEY);
    else localStorage.setItem(GUEST_CART_KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable: the cart lasts for this page only.
  }
  window.dispatchEvent(new Event(GUEST_CART_EVENT));
}

export function subscribeGuestCart(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_CART_KEY || event.key === null) onChange();
  };
  window.addEventListener(GUEST_CART_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(GUEST_CART_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest cart as React state; empty where the server draws the page. */
export function useGuestCart(): readonly string[] {
  return useSyncExternalStore(subscribeGuestCart, readGuestCart, () => NO_IDS);
}

export const getCartQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/cart'] as const,
    queryFn: ({ signal }) => apiJson<Cart>('GET', '/api/cart', undefined, { signal }),
  });

/** Adds a course to the signed-in user's cart, or sets its code (none removes it); answers the cart. */
export const putCartItem = (courseId: string, couponCode?: string) =>
  apiJson<Cart>('PUT', `/api/cart/${encodeURIComponent(courseId)}`, couponCode ? { couponCode } : {});

/**
 * The cart of whoever is here. `courseIds` are the courses in it (a signed-in user's as the server
 * read them, once this page is the browser's); `add` puts one in, and the count follows.
 */
export function useCart() {
  const { user, status } = useAuth();
  const isHydrated = useHydrated();
  const queryClient = useQueryClient();
  const guestIds = useGuestCart();
  const isSignedIn = user !== null;
  // Read in the browser only: the server draws every page the same for a guest and a buyer.
  const server = useQuery({ ...getCartQueryOptions(), enabled: isSignedIn && isHydrated });
  const serverIds = server.data?.items.map((item) => item.course.id) ?? NO_IDS;
  const courseIds = isSignedIn ? serverIds : status === 'anonymous' ? guestIds : NO_IDS;

  const add = useCallback(
    async (courseId: string) => {
      if (!isSignedIn) {
        const ids = readGuestCart();
        if (!ids.includes(courseId)) writeGuestCart([...ids, courseId]);
        return;
      }
      queryClient.setQueryData(getCartQueryOptions().queryKey, await putCartItem(courseId));
    },
    [isSignedIn, queryClient],
  );
  return { courseIds, count: courseIds.length, isSignedIn, server, add };
}
