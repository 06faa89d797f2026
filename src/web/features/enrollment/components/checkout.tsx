import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CreditCard, Loader2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';
import type { PaymentIntentResult, TestCardBody } from '#shared/schemas/enrollment';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { apiJson, getErrorMessage, isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-keys';
import { confirmPayment, createPaymentIntent, enrollFree, payWithTestCard, useRefreshEnrollment } from '../api/enroll';
import { EnrollmentSuccessDialog } from './success-dialog';
import { TestCardForm } from './test-card-form';

function PaymentErrorCard({ message }: { message: string }) {
  return (
    <Card role="alert" className="mx-auto grid max-w-md justify-items-center gap-3 p-8 text-center">
      <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-xl font-bold">Payment Error</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild>
        <Link to={paths.home.getHref()}>Back to Home</Link>
      </Button>
    </Card>
  );
}

/** SPEC §2: a free course enrolls at once; the success dialog follows either way. */
function FreeEnrollment({ course, onEnrolled }: { course: Course; onEnrolled: () => void }) {
  const refresh = useRefreshEnrollment();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    enrollFree(course.id)
      .then(async () => {
        await refresh(course.id);
        onEnrolled();
      })
      .catch((error: unknown) => {
        toast({ variant: 'destructive', title: 'Enrollment Error', description: 'Failed to enroll' });
        setFailed(getErrorMessage(error, 'Failed to enroll'));
      });
  }, [course.id, onEnrolled, refresh]);
  if (failed) return <PaymentErrorCard message={failed} />;
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-20 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      Enrolling you in the course...
    </p>
  );
}

function PaidCheckout({ course, onEnrolled }: { course: Course; onEnrolled: () => void }) {
  const refresh = useRefreshEnrollment();
  const [intent, setIntent] = useState<PaymentIntentResult | null>(null);
  const [initError, setInitError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createPaymentIntent(course.id)
      .then(setIntent)
      .catch((error: unknown) => {
        toast({ variant: 'destructive', title: 'Payment Error', description: 'Failed to initialize payment' });
        setInitError(getErrorMessage(error, 'Failed to initialize payment'));
      });
  }, [course.id]);

  const pay = async (card: TestCardBody) => {
    if (!intent) return;
    setPaying(true);
    try {
      const outcome = await payWithTestCard(intent.paymentIntentId, card);
      if (outcome.status !== 'succeeded') {
        toast({ variant: 'destructive', title: 'Payment Failed', description: outcome.error });
        return;
      }
      await confirmPayment(intent.paymentIntentId, course.id);
      await refresh(course.id);
      onEnrolled();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Payment Error',
        description: getErrorMessage(error, 'An error occurred during payment processing'),
      });
    } finally {
      setPaying(false);
    }
  };

  if (initError) return <PaymentErrorCard message={initError} />;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <Card className="order-2 p-6 lg:order-1">
        <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold">
          <CreditCard className="size-5" aria-hidden="true" /> Payment
        </h2>
        {!intent ? (
          <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Preparing a secure payment...
          </p>
        ) : intent.provider === 'test' ? (
          <TestCardForm busy={paying} onPay={(card) => void pay(card)} />
        ) : (
          <PaymentErrorCard message="Card payments are not available right now. Please try again later." />
        )}
      </Card>
      <Card className="order-1 h-fit p-6 lg:order-2">
        <h2 className="mb-4 text-lg font-semibold">Order summary</h2>
        <p className="font-medium break-words">{course.title}</p>
        <div className="mt-4 flex items-center justify-between border-t pt-4 text-lg font-bold">
          <span>Total</span>
          <span className="tabular-nums">{intent ? `$${(intent.amountCents / 100).toFixed(2)}` : formatPrice(course.price)}</span>
        </div>
      </Card>
    </div>
  );
}

export function Checkout({ courseId }: { courseId: string }) {
  const course = useQuery({
    queryKey: queryKeys.course(courseId),
    queryFn: ({ signal }) => apiJson<Course>('GET', `/api/courses/${encodeURIComponent(courseId)}`, undefined, { signal }),
  });
  const [enrolled, setEnrolled] = useState(false);
  useDocumentTitle(course.data ? `Checkout: ${course.data.title}` : 'Checkout');

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <Button asChild variant="ghost" size="sm" className="mb-6 -ml-2">
        <Link to={paths.course.detail.getHref(courseId)}>
          <ArrowLeft aria-hidden="true" /> Back to course
        </Link>
      </Button>
      <h1 className="mb-8 text-3xl font-bold tracking-tight">Checkout</h1>
      {course.isPending ? (
        <p role="status" className="py-20 text-center text-muted-foreground">
          Loading course...
        </p>
      ) : course.isError ? (
        <PaymentErrorCard message={isApiError(course.error, 404) ? 'Course not found' : 'The course could not be loaded'} />
      ) : course.data.isEnrolled && !enrolled ? (
        <Card className="mx-auto grid max-w-md justify-items-center gap-3 p-8 text-center">
          <p className="font-medium">You're already enrolled in {course.data.title}.</p>
          <Button asChild variant="gradient">
            <Link to={paths.course.learn.getHref(courseId)}>Start Learning</Link>
          </Button>
        </Card>
      ) : Number(course.data.price) === 0 ? (
        <FreeEnrollment course={course.data} onEnrolled={() => setEnrolled(true)} />
      ) : (
        <PaidCheckout course={course.data} onEnrolled={() => setEnrolled(true)} />
      )}
      {course.data ? <EnrollmentSuccessDialog open={enrolled} courseId={courseId} courseTitle={course.data.title} /> : null}
    </div>
  );
}
