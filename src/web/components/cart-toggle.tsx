import { Check, Loader2, ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useCart } from '#web/lib/cart';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

export type AddToCartCourse = Pick<Course, 'id' | 'title' | 'price' | 'creatorId' | 'archived' | 'published'>;

/** Add to cart's state and action, loaded once the page is the browser's (add-to-cart-button.tsx). */
export default function CartToggle({
  course,
  compact,
  isAddPressed,
}: {
  course: AddToCartCourse;
  compact: boolean;
  /** Add to cart was pressed before this code arrived. */
  isAddPressed: boolean;
}) {
  const { courseIds, add } = useCart();
  const [isAdding, setIsAdding] = useState(false);
  // Pressed here: the link that replaces the button takes the focus, so a keyboard stays in place.
  const [isJustAdded, setIsJustAdded] = useState(false);

  const isInCart = courseIds.includes(course.id);
  const onAdd = async () => {
    setIsAdding(true);
    try {
      await add(course.id);
      setIsJustAdded(true);
      toast({ variant: 'success', title: t('shell.addedToCart'), description: course.title });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('shell.notAddedToCart'),
        description: getErrorMessage(error, t('common.pleaseTryAgain')),
      });
    } finally {
      setIsAdding(false);
    }
  };
  const pressed = useRef(isAddPressed);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the press made before this code arrived
  useEffect(() => {
    if (pressed.current && !isInCart) void onAdd();
  }, []);

  if (isInCart) {
    return (
      <Button asChild variant="outline" size={compact ? 'icon-sm' : 'default'}>
        <Link
          ref={isJustAdded ? (link) => link?.focus() : undefined}
          to={paths.cart.getHref()}
          aria-label={compact ? t('shell.namedInCart', { title: course.title }) : undefined}
        >
          <Check aria-hidden="true" />
          {compact ? null : t('shell.inCartViewCart')}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size={compact ? 'icon-sm' : 'default'}
      disabled={isAdding}
      aria-label={compact ? t('shell.addNamedToCart', { title: course.title }) : undefined}
      onClick={() => void onAdd()}
    >
      {isAdding ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
      {compact ? null : t('shell.addToCart')}
    </Button>
  );
}
