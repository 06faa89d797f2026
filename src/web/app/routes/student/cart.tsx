import { CartPage } from '#web/features/enrollment/components/cart-page';

/** A guest's cart lives in this browser, a student's on the server: the page serves both (docs/product.md, Prices, coupons and the cart). */
export default function CartRoute() {
  return <CartPage />;
}
