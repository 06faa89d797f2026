import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import {
  type Appearance,
  loadStripe,
  type Stripe,
  type StripeElementLocale,
  type StripeElementsOptions,
} from '@stripe/stripe-js';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { intlLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';
import { useTheme } from '#web/lib/theme';
import { PayButton } from './pay-button';

/*
 * The card form of a Stripe checkout (docs/product.md, Checkout): Stripe.js and its Payment Element, so card
 * numbers go straight to Stripe and never through this app. checkout.tsx loads this file lazily, so
 * neither Stripe package is part of any other page.
 */

export type StripeCardFormProps = {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the customer back after a payment method that leaves the page (3-D Secure, a bank). */
  returnUrl: string;
  busy: boolean;
  /** What the card will be charged, shown on the button ("$19.99"). */
  amount: string;
  /** Runs the charge it is given: that resolves with Stripe's reason when the payment fails, or null. */
  onPay: (charge: () => Promise<string | null>) => void;
  /** Stripe.js or its card fields could not load (offline, a content blocker). */
  onUnavailable: () => void;
};

/** Stripe.js from js.stripe.com, as Stripe requires; null until it has loaded. */
function useStripeJs(publishableKey: string, onUnavailable: () => void): Stripe | null {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!isCurrent) return;
        if (loaded) setStripe(loaded);
        else onUnavailable();
      },
      () => {
        if (isCurrent) onUnavailable();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [publishableKey, onUnavailable]);
  return stripe;
}

function PaymentForm({
  returnUrl,
  busy,
  amount,
  onPay,
  onUnavailable,
}: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  // Paying before the card fields have loaded would only earn an error from Stripe.
  const [isReady, setIsReady] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    onPay(async () => {
      // Cards that need no extra step are paid here; the others leave for returnUrl and come back.
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      });
      return error ? (error.message ?? t('enrollment.paymentProcessingError')) : null;
    });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label={t('enrollment.cardPayment')}>
      {isReady ? null : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {t('enrollment.loadingCardForm')}
        </p>
      )}
      <PaymentElement onReady={() => setIsReady(true)} onLoadError={onUnavailable} />
      <PayButton amount={amount} busy={busy} disabled={!isReady || !stripe || !elements} />
    </form>
  );
}

export function StripeCardForm({ publishableKey, clientSecret, ...form }: StripeCardFormProps) {
  const stripe = useStripeJs(publishableKey, form.onUnavailable);
  const { theme } = useTheme();
  // Stripe draws the fields in its own frame: it follows the app's theme through `appearance`, not CSS,
  // and speaks the page's language (Stripe knows all of the interface's).
  const options = useMemo<StripeElementsOptions>(() => {
    const appearance: Appearance = { theme: theme === 'dark' ? 'night' : 'stripe', variables: { borderRadius: '8px' } };
    return { clientSecret, appearance, locale: intlLocale() as StripeElementLocale };
  }, [clientSecret, theme]);

  if (!stripe) {
    return (
      <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" /> {t('enrollment.loadingCardForm')}
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={options}>
      <PaymentForm {...form} />
    </Elements>
  );
}
