/**
 * Number of courses in the student's cart. There is no cart API yet: the cart arrives with
 * checkout, so this is 0 and the navigation shows no badge.
 */
export function useCartCount(): number {
  return 0;
}
