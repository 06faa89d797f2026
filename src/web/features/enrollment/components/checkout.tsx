import { ArrowLeft, CreditCard, Loader2, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { centsToPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import type { PaymentIntentResult, TestCardBody } from '#shared/schemas/enrollment';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useCourse } from '#web/lib/api/get-course';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { formatPrice, formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import {
  checkCoupon,
  confirmPayment,
  createPaymentIntent,
  enrollFree,
  payWithTestCard,
  useRefreshEnrollment,
} from '../api/enroll';
import { type AppliedCoupon, CouponField } from './coupon-field';
import { type PaymentFailure, PaymentFailureAlert } from './payment-failure-alert';
import { EnrollmentSuccessDialog } from './success-dialog';
import { TestCardForm } from './test-card-form';

// Stripe.js and its React bindings arrive only when a Stripe checkout opens: never with the catalogue,
// a course page or the player, and never in test mode.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })));

/** Stripe appends `payment_intent` and its client secret to this when a payment method sent the customer away. */
const paymentReturnUrl = (courseId: string) =>
  new URL(`${paths.checkout.getHref(courseId)}?payment_intent_return=1`, window.location.origin).href;

/** The intent a customer comes back from (3-D Secure, a bank's page) to this checkout with, if any. */
function readPaymentReturn(search: URLSearchParams): string | null {
  const paymentIntentId = search.get('payment_intent');
  return paymentIntentId && search.get('payment_intent_client_secret') ? paymentIntentId : null;
}

function PaymentErrorCard({ message }: { message: string }) {
  return (
    <Card role="alert" className="mx-auto grid max-w-md justify-items-center gap-3 p-8 text-center">
      <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-xl font-bold">{t('enrollment.paymentError')}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild>
        <Link to={paths.home.getHref()}>{t('enrollment.backToHome')}</Link>
      </Button>
    </Card>
  );
}

/** Every paid route ends here: the server asks the provider whether the intent succeeded, then enrolls. */
function useCompletePurchase(courseId: string, onEnrolled: () => void) {
  const refresh = useRefreshEnrollment();
  return useCallback(
    async (paymentIntentId: string) => {
      const enrollment = await confirmPayment(paymentIntentId, courseId);
      // Another tab bought the course first: this payment came straight back (docs/product.md, Checkout).
      if (enrollment.refunded) {
        toast({ title: t('enrollment.alreadyOwn'), description: t('enrollment.refundedInFull') });
      }
      // The page shows the success first: the refreshed course (now owned) must not put the checkout back.
      onEnrolled();
      await refresh(courseId);
    },
    [courseId, onEnrolled, refresh],
  );
}

const Preparing = ({ children }: { children: string }) => (
  <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
    <Loader2 className="size-5 animate-spin" aria-hidden="true" /> {children}
  </p>
);

/** A free course enrolls at once; the success dialog follows either way (docs/product.md, Checkout). */
function FreeEnrollment({ course, onEnrolled }: { course: Course; onEnrolled: () => void }) {
  const refresh = useRefreshEnrollment();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    enrollFree(course.id)
      .then(async () => {
        onEnrolled();
        await refresh(course.id);
      })
      .catch((error: unknown) => {
        toast({ variant: 'destructive', title: t('enrollment.enrollmentError'), description: t('enrollment.failedToEnroll') });
        setFailed(getErrorMessage(error, t('enrollment.failedToEnroll')));
      });
  }, [course.id, onEnrolled, refresh]);
  if (failed) return <PaymentErrorCard message={failed} />;
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-20 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      {t('enrollment.enrolling')}
    </p>
  );
}

/**
 * Behind the success dialog once this visit has enrolled: the checkout it replaces would otherwise see
 * the course owned now and ask for a new payment, or call it already bought.
 */
/** Back from a payment method's own page: the intent's outcome decides, as for a card paid in place. */
function PaymentReturn({
  courseId,
  paymentIntentId,
  onEnrolled,
  onFailed,
}: {
  courseId: string;
  paymentIntentId: string;
  onEnrolled: () => void;
  onFailed: (failure: PaymentFailure) => void;
}) {
  const completePurchase = useCompletePurchase(courseId, onEnrolled);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Once enrolled, the checkout shows Enrolled in place of this.
    completePurchase(paymentIntentId).catch((error: unknown) => {
      // 409: the provider says the payment did not go through (refused by the bank, abandoned).
      onFailed({
        kind: isApiError(error, 409) ? 'failed' : 'error',
        message: getErrorMessage(error, t('enrollment.paymentProcessingError')),
      });
    });
  }, [completePurchase, paymentIntentId, onFailed]);
  return <Preparing>{t('enrollment.confirmingPayment')}</Preparing>;
}

function PaidCheckout({
  course,
  onEnrolled,
  returnFailure,
}: {
  course: Course;
  onEnrolled: () => void;
  /** Why a payment the customer came back from (a bank's page) did not go through. */
  returnFailure: PaymentFailure | null;
}) {
  const completePurchase = useCompletePurchase(course.id, onEnrolled);
  const refresh = useRefreshEnrollment();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [intent, setIntent] = useState<PaymentIntentResult | null>(null);
  const [initError, setInitError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(returnFailure);
  // One intent per code ('' for none), so removing a code and applying it again makes no new one.
  const intents = useRef(new Map<string, Promise<PaymentIntentResult>>());
  const code = coupon?.code ?? '';
  const isFree = coupon !== null && Number(coupon.price.total) === 0;

  useEffect(() => {
    if (isFree) return;
    let current = true;
    setIntent(null);
    let made = intents.current.get(code);
    if (!made) {
      made = createPaymentIntent(course.id, code || undefined).then((result) => {
        if ('enrolled' in result) throw new Error('This course is already yours');
        return result;
      });
      intents.current.set(code, made);
    }
    made.then(
      (result) => {
        if (current) setIntent(result);
      },
      (error: unknown) => {
        intents.current.delete(code);
        if (!current) return;
        if (code) {
          // The code stopped applying between the check and now (used up, expired): back to the full price.
          setFailure({ kind: 'error', message: getErrorMessage(error, t('enrollment.codeNoLongerApplies')) });
          setCoupon(null);
          return;
        }
        toast({ variant: 'destructive', title: t('enrollment.paymentError'), description: t('enrollment.paymentInitFailed') });
        setInitError(getErrorMessage(error, t('enrollment.paymentInitFailed')));
      },
    );
    return () => {
      current = false;
    };
  }, [course.id, code, isFree]);
  const onStripeUnavailable = useCallback(() => setInitError(t('enrollment.stripeUnavailable')), []);

  /** Both card forms pay through here: `charge` resolves with the provider's refusal, or null once paid. */
  const pay = async (charge: (paymentIntentId: string) => Promise<string | null>) => {
    if (!intent) return;
    setPaying(true);
    setFailure(null);
    try {
      const refusal = await charge(intent.paymentIntentId);
      if (refusal !== null) {
        setFailure({ kind: 'failed', message: refusal });
        return;
      }
      await completePurchase(intent.paymentIntentId);
    } catch (error) {
      setFailure({ kind: 'error', message: getErrorMessage(error, t('enrollment.paymentProcessingError')) });
    } finally {
      setPaying(false);
    }
  };
  const chargeTestCard = async (paymentIntentId: string, card: TestCardBody) => {
    const outcome = await payWithTestCard(paymentIntentId, card);
    return outcome.status === 'succeeded' ? null : outcome.error;
  };
  /** A code that leaves nothing to pay enrolls without a card. */
  const enrollWithCode = async () => {
    setPaying(true);
    setFailure(null);
    try {
      await createPaymentIntent(course.id, code);
      onEnrolled();
      await refresh(course.id);
    } catch (error) {
      setFailure({ kind: 'error', message: getErrorMessage(error, t('enrollment.codeNoLongerApplies')) });
      setCoupon(null);
    } finally {
      setPaying(false);
    }
  };

  if (initError) return <PaymentErrorCard message={initError} />;
  const total = coupon ? coupon.price.total : intent ? (intent.amountCents / 100).toFixed(2) : course.price;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <Card className="order-2 p-6 lg:order-1">
        <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold">
          <CreditCard className="size-5" aria-hidden="true" /> {t('enrollment.payment')}
        </h2>
        {failure ? <PaymentFailureAlert failure={failure} /> : null}
        {isFree ? (
          <div className="grid gap-4">
            <p className="text-muted-foreground">{t('enrollment.codeCoversPrice')}</p>
            <Button variant="gradient" size="lg" disabled={paying} onClick={() => void enrollWithCode()}>
              {paying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('enrollment.enrollForFree')}
            </Button>
          </div>
        ) : !intent ? (
          <Preparing>{t('enrollment.preparingPayment')}</Preparing>
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
              returnUrl={paymentReturnUrl(course.id)}
              amount={formatUsd(centsToPrice(intent.amountCents))}
              busy={paying}
              onPay={(charge) => void pay(charge)}
              onUnavailable={onStripeUnavailable}
            />
          </Suspense>
        ) : (
          <PaymentErrorCard message={t('enrollment.cardPaymentsUnavailable')} />
        )}
      </Card>
      <Card className="order-1 h-fit p-6 lg:order-2">
        <h2 className="mb-4 text-lg font-semibold">{t('enrollment.orderSummary')}</h2>
        <p className="font-medium break-words">{course.title}</p>
        <dl className="mt-4 grid gap-2 border-t pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{t('enrollment.price')}</dt>
            <dd className="tabular-nums">{formatPrice(course.price)}</dd>
          </div>
          {coupon ? (
            <div className="flex justify-between text-success-muted-foreground">
              <dt>{t('enrollment.discountWithCode', { code: coupon.code })}</dt>
              <dd className="tabular-nums">−{formatPrice(coupon.price.discount)}</dd>
            </div>
          ) : null}
          <div className="flex items-center justify-between border-t pt-3 text-lg font-bold">
            <dt>{t('enrollment.total')}</dt>
            <dd className="tabular-nums" data-testid="checkout-total">
              {formatPrice(total)}
            </dd>
          </div>
        </dl>
        {coupon?.price.message ? <p className="mt-2 text-xs text-muted-foreground">{coupon.price.message}</p> : null}
        <div className="mt-4">
          <CouponField
            applied={coupon}
            busy={paying}
            apply={async (typed) => {
              const price = await checkCoupon(typed, course.id);
              if (!price.valid) return price.message ?? t('enrollment.codeDoesNotApply');
              setFailure(null);
              setCoupon({ code: typed.toUpperCase(), price });
              return null;
            }}
            onRemove={() => setCoupon(null)}
          />
        </div>
      </Card>
    </div>
  );
}

/** What the checkout shows once it has enrolled the learner, under the success dialog and after it closes. */
function Enrolled({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  return (
    <Card className="mx-auto grid max-w-md justify-items-center gap-3 p-8 text-center">
      <p className="font-medium">{t('enrollment.enrolledIn', { title: courseTitle })}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <Link to={paths.course.detail.getHref(courseId)}>{t('enrollment.goToCourse')}</Link>
        </Button>
        <Button asChild variant="gradient">
          <Link to={paths.course.learn.getHref(courseId)}>{t('enrollment.startLearning')}</Link>
        </Button>
      </div>
    </Card>
  );
}

export function Checkout({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  const [enrolled, setEnrolled] = useState(false);
  const [isSuccessOpen, setSuccessOpen] = useState(false);
  const onEnrolled = useCallback(() => {
    setEnrolled(true);
    setSuccessOpen(true);
  }, []);
  useDocumentTitle(course.data ? t('enrollment.checkoutTitle', { title: course.data.title }) : t('enrollment.checkout'));

  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [returnedIntentId, setReturnedIntentId] = useState(() => readPaymentReturn(searchParams));
  const [returnFailure, setReturnFailure] = useState<PaymentFailure | null>(null);
  const onReturnFailed = useCallback((failure: PaymentFailure) => {
    setReturnFailure(failure);
    setReturnedIntentId(null);
  }, []);
  // Once read, the client secret leaves the address bar and the history; a reload starts afresh.
  useEffect(() => {
    if (readPaymentReturn(searchParams)) void navigate(paths.checkout.getHref(courseId), { replace: true });
  }, [searchParams, navigate, courseId]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <Button asChild variant="ghost" size="sm" className="mb-6 -ms-2">
        <Link to={paths.course.detail.getHref(courseId)}>
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" /> {t('enrollment.backToCourse')}
        </Link>
      </Button>
      <h1 className="mb-8 text-3xl font-bold tracking-tight">{t('enrollment.checkout')}</h1>
      {course.isPending ? (
        <p role="status" className="py-20 text-center text-muted-foreground">
          {t('enrollment.loadingCourse')}
        </p>
      ) : course.isError ? (
        <PaymentErrorCard
          message={isApiError(course.error, 404) ? t('enrollment.courseNotFound') : t('enrollment.courseLoadFailed')}
        />
      ) : enrolled ? (
        <Enrolled courseId={courseId} courseTitle={course.data.title} />
      ) : returnedIntentId ? (
        <PaymentReturn courseId={courseId} paymentIntentId={returnedIntentId} onEnrolled={onEnrolled} onFailed={onReturnFailed} />
      ) : course.data.isEnrolled ? (
        <Card className="mx-auto grid max-w-md justify-items-center gap-3 p-8 text-center">
          <p className="font-medium">{t('enrollment.alreadyEnrolledIn', { title: course.data.title })}</p>
          <Button asChild variant="gradient">
            <Link to={paths.course.learn.getHref(courseId)}>{t('enrollment.startLearning')}</Link>
          </Button>
        </Card>
      ) : Number(course.data.price) === 0 ? (
        <FreeEnrollment course={course.data} onEnrolled={onEnrolled} />
      ) : (
        <PaidCheckout course={course.data} onEnrolled={onEnrolled} returnFailure={returnFailure} />
      )}
      {course.data ? (
        <EnrollmentSuccessDialog
          open={isSuccessOpen}
          onOpenChange={setSuccessOpen}
          courseId={courseId}
          courseTitle={course.data.title}
        />
      ) : null}
    </div>
  );
}
