import { Check, Loader2, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth';
import { useCart } from '#web/lib/cart';
import { paths } from '#web/lib/paths';

/**
 * Add to cart (DECISIONS §8) for a paid course someone may buy: a guest (this browser's cart) or a
 * student (their account's). Once in the cart it links there. `compact` is the card's icon button.
 */
export function AddToCartButton({
  course,
  compact = false,
  className,
}: {
  course: Pick<Course, 'id' | 'title' | 'price' | 'creatorId' | 'archived' | 'published'>;
  compact?: boolean;
  className?: string;
}) {
  const { user } = useAuth();
  const { courseIds, add } = useCart();
  const [isAdding, setIsAdding] = useState(false);
  // Pressed here: the link that replaces the button takes the focus, so a keyboard stays in place.
  const [isJustAdded, setIsJustAdded] = useState(false);
  // Creators buy through checkout, as SPEC §2 gives them no cart; nobody buys a free, archived or unpublished course here.
  if (user?.role === 'creator' || Number(course.price) === 0 || course.archived || !course.published) return null;

  if (courseIds.includes(course.id)) {
    return (
      <Button asChild variant="outline" size={compact ? 'icon-sm' : 'default'} className={className}>
        <Link
          ref={isJustAdded ? (link) => link?.focus() : undefined}
          to={paths.cart.getHref()}
          aria-label={compact ? `${course.title} is in your cart: view the cart` : undefined}
        >
          <Check aria-hidden="true" />
          {compact ? null : 'In cart: view cart'}
        </Link>
      </Button>
    );
  }
  const onAdd = async () => {
    setIsAdding(true);
    try {
      await add(course.id);
      setIsJustAdded(true);
      toast({ variant: 'success', title: 'Added to your cart', description: course.title });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Not added to your cart',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setIsAdding(false);
    }
  };
  return (
    <Button
      variant="outline"
      size={compact ? 'icon-sm' : 'default'}
      className={className}
      disabled={isAdding}
      aria-label={compact ? `Add ${course.title} to cart` : undefined}
      onClick={() => void onAdd()}
    >
      {isAdding ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
      {compact ? null : 'Add to Cart'}
    </Button>
  );
}
