import { PlayCircle } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import { AddToCartButton } from '#web/components/add-to-cart-button';
import { Button } from '#web/components/ui/button';
import { formatPrice } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { cn } from '#web/lib/utils';
import { learnLabel } from '../lib/learn-label';

/**
 * On a phone the course page's main button sits below the hero, often under the fold: this bar keeps
 * the price and Enroll (or the learner's progress and the way into Learn) at the screen's bottom while
 * that button is out of view. It is sticky at the end of the page's article, so it never covers the
 * footer: at the end of the page it rests in its own place, whose height stays reserved while it steps
 * aside. From lg up the main button stays in view beside the text (its card is sticky): never shown.
 * The browser's alone (it watches the screen), in a chunk of its own loaded after first paint.
 */
export default function PinnedCourseActions({
  course,
  isEnrolled,
  progress,
  onEnroll,
  mainActions,
}: {
  course: Course;
  isEnrolled: boolean;
  progress: number | undefined;
  onEnroll: () => void;
  /** The main buttons: while any of them shows, the bar steps aside. */
  mainActions: RefObject<HTMLElement | null>;
}) {
  // Unknown until the browser first reports: the bar then shows only if the main button is out of view.
  const [isMainInView, setIsMainInView] = useState<boolean | null>(null);
  useEffect(() => {
    const element = mainActions.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setIsMainInView(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [mainActions]);
  const price = formatPrice(course.price);

  return (
    <section
      aria-label={t('catalog.pinnedActions')}
      className={cn(
        'sticky bottom-0 z-30 border-t bg-background/95 px-4 py-3 backdrop-blur sm:px-6 lg:hidden',
        isMainInView !== false && 'invisible',
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        {isEnrolled ? (
          <>
            <span className="truncate text-sm text-muted-foreground">
              {progress === undefined ? t('catalog.enrolled') : t('catalog.percentComplete', { percent: progress })}
            </span>
            <Button asChild variant="gradient">
              <Link to={paths.course.learn.getHref(course.id)}>
                <PlayCircle aria-hidden="true" />
                {learnLabel(progress)}
              </Link>
            </Button>
          </>
        ) : (
          <>
            <span className="truncate text-xl font-extrabold tracking-tight">{price}</span>
            <span className="flex shrink-0 items-center gap-2">
              <AddToCartButton course={course} compact />
              <Button variant="gradient" onClick={onEnroll}>
                {Number(course.price) === 0 ? t('catalog.enrollForFree') : t('catalog.enrollNow')}
              </Button>
            </span>
          </>
        )}
      </div>
    </section>
  );
}
