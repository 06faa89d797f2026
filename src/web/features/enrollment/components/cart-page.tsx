import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, CreditCard, Loader2, PartyPopper, ShoppingCart, Trash2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { centsToPrice } from '#shared/format';
import type { Cart, CartItem, CartPaymentIntentResult } from '#shared/schemas/cart';
import type { TestCardBody } from '#shared/schemas/enrollment';
import { CourseThumbnail } from '#web/components/course-thumbnail';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { getCourseQueryOptions, useCourse } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getMyCoursesQueryOptions } from '#web/lib/api/get-my-courses';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth';
import { getCartQueryOptions, putCartItem, readGuestCart, useCart, useGuestCart, writeGuestCart } from '#web/lib/cart';
import { useIsMergingGuestCart } from '#web/lib/cart-merge';
import { formatPrice, formatUsd } from '#web/lib/i18n/format';
import { intlLocale } from '#web/lib/i18n/locale';
import { RichText, slot } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { withReturnPath } from '#web/lib/return-path';
import { checkoutCart, confirmCartPayment, deleteCartItem, payWithTestCard } from '../api/enroll';
import { CouponField } from './coupon-field';
import { type PaymentFailure, PaymentFailureAlert } from './payment-failure-alert';
import { TestCardForm } from './test-card-form';

// Stripe.js arrives only when a Stripe payment form opens (as on the checkout page).
const StripeCardForm = lazy(() => import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })));

/** Stripe sends a customer back here after a payment method that left the page (3-D Secure, a bank). */
const PAYMENT_RETURN_URL = () => new URL(`${paths.cart.getHref()}?payment_intent_return=1`, window.location.origin).href;

/** A message's `<hidden>` part is for screen readers only (which course a button is for). */
const hidden = { hidden: (words: string) => <span className="sr-only">{words}</span> };

/** Titles listed as the language lists them ("A, B, C" in English). */
const intlList = (items: string[]) => new Intl.ListFormat(intlLocale(), { type: 'unit', style: 'short' }).format(items);

function readPaymentReturn(search: URLSearchParams): string | null {
  const paymentIntentId = search.get('payment_intent');
  return paymentIntentId && search.get('payment_intent_client_secret') ? paymentIntentId : null;
}

const Preparing = ({ children }: { children: string }) => (
  <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
    <Loader2 className="size-5 animate-spin" aria-hidden="true" /> {children}
  </p>
);

function CartSkeleton() {
  return (
    <div role="status" aria-label={t('enrollment.loadingCart')} className="grid gap-3">
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-36 rounded-xl sm:h-28" />
      ))}
    </div>
  );
}

function EmptyCart() {
  return (
    <EmptyState icon={ShoppingCart} title={t('enrollment.cartEmpty')}>
      <p className="max-w-md text-sm text-muted-foreground">{t('enrollment.cartEmptyHint')}</p>
      <Link to={paths.search.getHref()} className="font-medium text-primary underline underline-offset-4">
        {t('enrollment.browseCourses')}
      </Link>
    </EmptyState>
  );
}

/** A course of the cart: its picture, title and teacher, and what is beside them (price, code, remove). */
function CartRow({ course, children }: { course: CartItem['course']; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-card p-4 text-card-foreground sm:grid-cols-[8rem_minmax(0,1fr)] sm:p-5">
      <div className="hidden aspect-video overflow-hidden rounded-lg bg-muted sm:block">
        <CourseThumbnail course={course} />
      </div>
      <div className="grid min-w-0 gap-3">
        <div className="grid gap-0.5">
          <h2 className="text-base font-semibold break-words">
            <Link to={paths.course.detail.getHref(course.id)} className="hover:underline">
              {course.title}
            </Link>
          </h2>
          <p className="truncate text-sm text-muted-foreground">
            {t('enrollment.byInstructor', { name: course.instructor.name })}
          </p>
        </div>
        {children}
      </div>
    </li>
  );
}

function RemoveButton({ title, busy, onRemove }: { title: string; busy: boolean; onRemove: () => void }) {
  return (
    <Button variant="ghost" size="sm" className="justify-self-start text-muted-foreground" disabled={busy} onClick={onRemove}>
      <Trash2 aria-hidden="true" />
      <span>
        <RichText text={t('enrollment.removeFromCart', { title: slot('title') })} values={{ title }} tags={hidden} />
      </span>
    </Button>
  );
}

/** The price of one course as the server priced it: the list price struck through when a code takes some off. */
function ItemPrice({ item }: { item: CartItem }) {
  const hasDiscount = Number(item.discount) > 0;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
      <span className="text-lg font-semibold tabular-nums" data-testid="cart-item-total">
        {formatPrice(item.total)}
      </span>
      {hasDiscount ? (
        <>
          <s className="text-muted-foreground tabular-nums">
            <span className="sr-only">{t('enrollment.listPrice')} </span>
            {formatPrice(item.price)}
          </s>
          <span className="text-success-muted-foreground">−{formatPrice(item.discount)}</span>
        </>
      ) : null}
    </p>
  );
}

/** A signed-in student's cart item: its price, its own code, and remove. */
function ServerCartRow({
  item,
  busy,
  onChanged,
}: {
  item: CartItem;
  busy: boolean;
  onChanged: (change: () => Promise<Cart>) => Promise<void>;
}) {
  const { course, coupon } = item;
  const isFree = Number(item.price) === 0;
  return (
    <CartRow course={course}>
      <ItemPrice item={item} />
      {coupon && !coupon.valid ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-lg bg-warning-muted p-2 text-sm text-warning-muted-foreground"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <RichText
              text={t('enrollment.codeNotApplying', { reason: slot('reason') })}
              values={{ reason: coupon.message ?? '' }}
              tags={{ code: () => <strong className="font-mono">{coupon.code}</strong> }}
            />
          </span>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void onChanged(() => putCartItem(course.id))}>
            {t('enrollment.removeCode')}
          </Button>
        </div>
      ) : isFree ? (
        <p className="text-sm text-muted-foreground">{t('enrollment.freeAtCheckout')}</p>
      ) : (
        <div className="max-w-sm min-w-0">
          <CouponField
            label={
              <RichText
                text={t('enrollment.discountCodeFor', { title: slot('title') })}
                values={{ title: course.title }}
                tags={hidden}
              />
            }
            applied={coupon?.valid ? coupon : null}
            busy={busy}
            apply={async (code) => {
              await onChanged(() => putCartItem(course.id, code));
              return null;
            }}
            onRemove={() => onChanged(() => putCartItem(course.id))}
          />
          {coupon?.valid && coupon.message ? <p className="mt-1 text-xs text-muted-foreground">{coupon.message}</p> : null}
        </div>
      )}
      <RemoveButton title={course.title} busy={busy} onRemove={() => void onChanged(() => deleteCartItem(course.id))} />
    </CartRow>
  );
}

/** After a purchase: My Courses, the cart, the courses' pages and the catalogue's counts change. */
function useRefreshAfterPurchase() {
  const queryClient = useQueryClient();
  return useCallback(
    (courseIds: string[]) =>
      Promise.all(
        [
          getMyCoursesQueryOptions().queryKey,
          getCartQueryOptions().queryKey,
          courseListsQueryKey,
          ...courseIds.map((id) => getCourseQueryOptions(id).queryKey),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [queryClient],
  );
}

type Bought = { courseId: string; title: string }[];

/** What the cart bought: every course of it, each to start. */
function Purchased({ bought }: { bought: Bought }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card role="status" className="mx-auto grid max-w-xl justify-items-center gap-4 p-8 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-success-muted text-success-muted-foreground">
        <PartyPopper className="size-6" aria-hidden="true" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {t('enrollment.congratulations')}
      </h2>
      <p className="text-muted-foreground">{t('enrollment.purchasedIntro', { count: bought.length })}</p>
      <ul className="grid w-full gap-2 text-start">
        {bought.map((course) => (
          <li key={course.courseId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
            <span className="min-w-0 font-medium break-words">{course.title}</span>
            <Link
              to={paths.course.learn.getHref(course.courseId)}
              className="text-sm font-medium text-primary underline underline-offset-4"
            >
              <RichText
                text={t('enrollment.startLearningCourse', { title: slot('title') })}
                values={{ title: course.title }}
                tags={hidden}
              />
            </Link>
          </li>
        ))}
      </ul>
      <Button asChild variant="gradient">
        <Link to={paths.myCourses.getHref()}>{t('enrollment.goToMyCourses')}</Link>
      </Button>
    </Card>
  );
}

/** The payment step: one card payment for every course left to pay. */
function PayForCart({
  intent,
  titles,
  totals,
  onPaid,
  onBack,
}: {
  intent: CartPaymentIntentResult;
  /** Each course's title, and what it costs in this payment. */
  titles: Map<string, string>;
  totals: Map<string, string>;
  onPaid: (bought: Bought) => void;
  onBack: () => void;
}) {
  const refresh = useRefreshAfterPurchase();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [isUnavailable, setIsUnavailable] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const onStripeUnavailable = useCallback(() => setIsUnavailable(true), []);

  const pay = async (charge: (paymentIntentId: string) => Promise<string | null>) => {
    setPaying(true);
    setFailure(null);
    try {
      const refusal = await charge(intent.paymentIntentId);
      if (refusal !== null) {
        setFailure({ kind: 'failed', message: refusal });
        return;
      }
      const enrolled = await confirmCartPayment(intent.paymentIntentId);
      const ids = [...intent.enrolledCourseIds, ...enrolled.items.map((item) => item.courseId)];
      await refresh(ids);
      onPaid(ids.map((courseId) => ({ courseId, title: titles.get(courseId) ?? t('enrollment.course') })));
    } catch (error) {
      setFailure({
        kind: isApiError(error, 409) ? 'failed' : 'error',
        message: getErrorMessage(error, t('enrollment.paymentProcessingError')),
      });
      // A cart returned whole (a course stopped being sold meanwhile): the cart shows why.
      void refresh([]);
    } finally {
      setPaying(false);
    }
  };
  const chargeTestCard = async (paymentIntentId: string, card: TestCardBody) => {
    const outcome = await payWithTestCard(paymentIntentId, card);
    return outcome.status === 'succeeded' ? null : outcome.error;
  };
  const freeNow = intent.enrolledCourseIds.map((id) => titles.get(id)).filter((title) => title !== undefined);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <Card className="order-2 p-6 lg:order-1">
        <h2 ref={headingRef} tabIndex={-1} className="mb-4 flex items-center gap-2 text-lg font-semibold focus:outline-none">
          <CreditCard className="size-5" aria-hidden="true" /> {t('enrollment.payment')}
        </h2>
        {failure ? <PaymentFailureAlert failure={failure} /> : null}
        {isUnavailable ? (
          <p role="alert" className="text-sm text-destructive">
            {t('enrollment.stripeUnavailable')}
          </p>
        ) : intent.provider === 'test' ? (
          <TestCardForm
            amount={formatUsd(centsToPrice(intent.amountCents))}
            busy={paying}
            onPay={(card) => void pay((paymentIntentId) => chargeTestCard(paymentIntentId, card))}
          />
        ) : intent.publishableKey ? (
          <Suspense fallback={<Preparing>{t('enrollment.loadingCardForm')}</Preparing>}>
            <StripeCardForm
              key={intent.paymentIntentId}
              publishableKey={intent.publishableKey}
              clientSecret={intent.clientSecret}
              amount={formatUsd(centsToPrice(intent.amountCents))}
              returnUrl={PAYMENT_RETURN_URL()}
              busy={paying}
              onPay={(charge) => void pay(charge)}
              onUnavailable={onStripeUnavailable}
            />
          </Suspense>
        ) : (
          <p role="alert" className="text-sm text-destructive">
            {t('enrollment.cardPaymentsUnavailable')}
          </p>
        )}
      </Card>
      <Card className="order-1 h-fit p-6 lg:order-2">
        <h2 className="mb-4 text-lg font-semibold">{t('enrollment.orderSummary')}</h2>
        <ul className="grid gap-2 text-sm">
          {intent.courseIds.map((id) => (
            <li key={id} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">{titles.get(id) ?? t('enrollment.course')}</span>
              <span className="tabular-nums">{formatPrice(totals.get(id) ?? '')}</span>
            </li>
          ))}
        </ul>
        {freeNow.length > 0 ? (
          <p className="mt-3 text-sm text-success-muted-foreground">
            {t('enrollment.alreadyYours', { titles: intlList(freeNow) })}
          </p>
        ) : null}
        <div className="mt-4 flex items-center justify-between border-t pt-3 text-lg font-bold">
          <span>{t('enrollment.total')}</span>
          <span className="tabular-nums" data-testid="cart-pay-total">
            {formatPrice((intent.amountCents / 100).toFixed(2))}
          </span>
        </div>
        <Button variant="ghost" size="sm" className="mt-4 -ms-2" disabled={paying} onClick={onBack}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" /> {t('enrollment.backToCart')}
        </Button>
      </Card>
    </div>
  );
}

function Summary({ cart, children }: { cart: Cart; children: ReactNode }) {
  const subtotal = cart.items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100), 0);
  const discount = cart.items.reduce((sum, item) => sum + Math.round(Number(item.discount) * 100), 0);
  return (
    <Card className="h-fit p-6 lg:sticky lg:top-24">
      <h2 className="mb-4 text-lg font-semibold">{t('enrollment.orderSummary')}</h2>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">{t('enrollment.courseCount', { count: cart.items.length })}</dt>
          <dd className="tabular-nums">{formatPrice((subtotal / 100).toFixed(2))}</dd>
        </div>
        {discount > 0 ? (
          <div className="flex justify-between text-success-muted-foreground">
            <dt>{t('enrollment.discounts')}</dt>
            <dd className="tabular-nums">−{formatPrice((discount / 100).toFixed(2))}</dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between border-t pt-3 text-lg font-bold">
          <dt>{t('enrollment.total')}</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {formatPrice(cart.total)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 grid gap-2">{children}</div>
    </Card>
  );
}

/** A signed-in student's cart, kept by the server: priced, with a code per course, paid in one payment. */
function ServerCart() {
  const queryClient = useQueryClient();
  const { server: cart } = useCart();
  const isMerging = useIsMergingGuestCart();
  const [busy, setBusy] = useState(false);
  const [intent, setIntent] = useState<CartPaymentIntentResult | null>(null);
  const [bought, setBought] = useState<Bought | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The titles of what is being bought, kept when the cart empties on the purchase.
  const titles = useRef(new Map<string, string>());
  const totals = useRef(new Map<string, string>());
  for (const item of cart.data?.items ?? []) {
    titles.current.set(item.course.id, item.course.title);
    totals.current.set(item.course.id, item.total);
  }
  const refresh = useRefreshAfterPurchase();

  const onChanged = useCallback(
    async (change: () => Promise<Cart>) => {
      setBusy(true);
      try {
        queryClient.setQueryData(getCartQueryOptions().queryKey, await change());
      } finally {
        setBusy(false);
      }
    },
    [queryClient],
  );
  const change = (run: () => Promise<Cart>) =>
    onChanged(run).catch((error: unknown) =>
      toast({
        variant: 'destructive',
        title: t('enrollment.cartNotChanged'),
        description: getErrorMessage(error, t('enrollment.tryAgain')),
      }),
    );

  const startCheckout = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await checkoutCart();
      if ('items' in result) {
        const ids = result.items.map((item) => item.courseId);
        await refresh(ids);
        setBought(ids.map((courseId) => ({ courseId, title: titles.current.get(courseId) ?? t('enrollment.course') })));
        return;
      }
      setIntent(result);
    } catch (error) {
      setFailure(getErrorMessage(error, t('enrollment.checkoutCouldNotStart')));
      void queryClient.invalidateQueries({ queryKey: getCartQueryOptions().queryKey });
    } finally {
      setBusy(false);
    }
  };

  if (bought) return <Purchased bought={bought} />;
  if (intent) {
    return (
      <PayForCart
        intent={intent}
        titles={titles.current}
        totals={totals.current}
        onPaid={setBought}
        onBack={() => {
          setIntent(null);
          void queryClient.invalidateQueries({ queryKey: getCartQueryOptions().queryKey });
        }}
      />
    );
  }
  // Just signed in: the courses put in the cart as a guest are joining it.
  if (cart.isPending || isMerging) return <CartSkeleton />;
  if (cart.isError) {
    return (
      <RegionError
        title={t('enrollment.cartLoadFailed')}
        description={t('enrollment.checkConnection')}
        onRetry={() => void cart.refetch()}
      />
    );
  }
  const { items, notices } = cart.data;
  const hasBadCode = items.some((item) => item.coupon && !item.coupon.valid);
  return (
    <div className="grid gap-6">
      {notices.length > 0 ? (
        <section
          aria-labelledby="cart-notices"
          className="grid gap-2 rounded-xl border border-warning/40 bg-warning-muted p-4 text-warning-muted-foreground"
        >
          <h2 id="cart-notices" className="flex items-center gap-2 font-semibold">
            <CircleAlert className="size-4" aria-hidden="true" /> {t('enrollment.notIncluded')}
          </h2>
          <ul className="grid gap-2 text-sm">
            {notices.map((notice) => (
              <li key={notice.course.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-words">{notice.message}.</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => void change(() => deleteCartItem(notice.course.id))}
                >
                  <RichText
                    text={t('enrollment.removeNotice', { title: slot('title') })}
                    values={{ title: notice.course.title }}
                    tags={hidden}
                  />
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <ul className="grid content-start gap-3" aria-label={t('enrollment.coursesInCart')}>
            {items.map((item) => (
              <ServerCartRow key={item.course.id} item={item} busy={busy} onChanged={onChanged} />
            ))}
          </ul>
          <Summary cart={cart.data}>
            {failure ? (
              <p role="alert" className="text-sm text-destructive">
                {failure}
              </p>
            ) : null}
            {hasBadCode ? <p className="text-sm text-muted-foreground">{t('enrollment.removeBadCode')}</p> : null}
            <Button variant="gradient" size="lg" disabled={busy || hasBadCode} onClick={() => void startCheckout()}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {Number(cart.data.total) === 0 ? t('enrollment.enrollForFree') : t('enrollment.goToCheckout')}
            </Button>
          </Summary>
        </div>
      )}
    </div>
  );
}

/** A guest's course, as the catalogue shows it: its price now, and remove. */
function GuestCartRow({ courseId, onPrice }: { courseId: string; onPrice: (courseId: string, price: string | null) => void }) {
  const course = useCourse(courseId);
  const remove = (id: string) => writeGuestCart(readGuestCart().filter((each) => each !== id));
  const price = course.data?.price ?? null;
  useEffect(() => onPrice(courseId, price), [courseId, price, onPrice]);
  if (course.isPending) return <Skeleton className="h-28 rounded-xl" />;
  if (course.isError || !course.data) {
    return (
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-card p-4 text-sm">
        <span>{isApiError(course.error, 404) ? t('enrollment.noLongerSold') : t('enrollment.courseCouldNotLoad')}</span>
        <RemoveButton title={t('enrollment.thisCourse')} busy={false} onRemove={() => remove(courseId)} />
      </li>
    );
  }
  return (
    <CartRow course={course.data}>
      <p className="text-lg font-semibold tabular-nums">{formatPrice(course.data.price)}</p>
      <RemoveButton title={course.data.title} busy={false} onRemove={() => remove(courseId)} />
    </CartRow>
  );
}

/** A guest's cart, kept in this browser: they sign in to apply codes and pay, and it comes with them. */
function GuestCart() {
  const ids = useGuestCart();
  const [prices, setPrices] = useState<Record<string, string | null>>({});
  const onPrice = useCallback(
    (courseId: string, price: string | null) =>
      setPrices((current) => (current[courseId] === price ? current : { ...current, [courseId]: price })),
    [],
  );
  if (ids.length === 0) return <EmptyCart />;
  const total = ids.reduce((sum, id) => sum + Math.round(Number(prices[id] ?? 0) * 100), 0);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <ul className="grid content-start gap-3" aria-label={t('enrollment.coursesInCart')}>
        {ids.map((id) => (
          <GuestCartRow key={id} courseId={id} onPrice={onPrice} />
        ))}
      </ul>
      <Card className="h-fit p-6 lg:sticky lg:top-24">
        <h2 className="mb-4 text-lg font-semibold">{t('enrollment.orderSummary')}</h2>
        <div className="flex items-center justify-between border-t pt-3 text-lg font-bold">
          <span>{t('enrollment.total')}</span>
          <span className="tabular-nums" data-testid="cart-total">
            {formatPrice((total / 100).toFixed(2))}
          </span>
        </div>
        <p className="mt-3 text-sm text-muted-foreground">{t('enrollment.guestCartHint')}</p>
        <div className="mt-4 grid gap-2">
          <Button asChild variant="gradient" size="lg">
            <Link to={withReturnPath(paths.login.getHref(), paths.cart.getHref())}>{t('enrollment.logInToCheckOut')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={withReturnPath(paths.login.getHref('signup'), paths.cart.getHref())}>{t('enrollment.createAccount')}</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** Back from a payment method's own page (3-D Secure, a bank): the cart's payment decides, as in place. */
function CartPaymentReturn({ paymentIntentId, onDone }: { paymentIntentId: string; onDone: () => void }) {
  const refresh = useRefreshAfterPurchase();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ bought: Bought } | { failure: PaymentFailure } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmCartPayment(paymentIntentId).then(
      async (enrolled) => {
        const ids = enrolled.items.map((item) => item.courseId);
        await refresh(ids);
        const named = await Promise.all(
          ids.map(async (courseId) => {
            const course = await queryClient.fetchQuery(getCourseQueryOptions(courseId)).catch(() => null);
            return { courseId, title: course?.title ?? t('enrollment.course') };
          }),
        );
        setOutcome({ bought: named });
      },
      (error: unknown) =>
        setOutcome({
          failure: {
            kind: isApiError(error, 409) ? 'failed' : 'error',
            message: getErrorMessage(error, t('enrollment.paymentProcessingError')),
          },
        }),
    );
  }, [paymentIntentId, refresh, queryClient]);
  if (!outcome) return <Preparing>{t('enrollment.confirmingPayment')}</Preparing>;
  if ('bought' in outcome) return <Purchased bought={outcome.bought} />;
  return (
    <div className="grid gap-4">
      <PaymentFailureAlert failure={outcome.failure} />
      <Button variant="outline" className="justify-self-start" onClick={onDone}>
        {t('enrollment.backToCart')}
      </Button>
    </div>
  );
}

/**
 * /cart (docs/product.md, Prices, coupons and the cart): the courses to buy, priced by the server, paid for in
 * one payment.
 */
export function CartPage() {
  useDocumentTitle(t('enrollment.cartTitle'));
  const { user, status } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [returnedIntentId, setReturnedIntentId] = useState(() => readPaymentReturn(searchParams));
  // Once read, the client secret leaves the address bar and the history.
  useEffect(() => {
    if (readPaymentReturn(searchParams)) void navigate(paths.cart.getHref(), { replace: true });
  }, [searchParams, navigate]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="mb-8 text-3xl font-bold tracking-tight">{t('enrollment.yourCart')}</h1>
      {status === 'loading' ? (
        <CartSkeleton />
      ) : user && returnedIntentId ? (
        <CartPaymentReturn paymentIntentId={returnedIntentId} onDone={() => setReturnedIntentId(null)} />
      ) : user ? (
        <ServerCart />
      ) : (
        <GuestCart />
      )}
    </div>
  );
}
