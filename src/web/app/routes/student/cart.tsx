import { CartPage } from '#web/features/enrollment/components/cart-page';

/** A guest's cart lives in this browser, a student's on the server: the page serves both (DECISIONS §8). */
export default function CartRoute() {
  return <CartPage />;
}
