import { FlaskConical } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import type { TestCardBody } from '#shared/schemas/enrollment';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { type CardErrors, type CardFields, checkCard, formatCardNumber, formatExpiryInput } from '../lib/card-fields';
import { PayButton } from './pay-button';

const FIELD_ORDER: (keyof CardFields)[] = ['cardNumber', 'expiry', 'cvc'];

/** docs/product.md, Checkout: without a Stripe key the checkout is in test mode and says so, with the test cards. */
/** `amount`: what the card will be charged, shown on the button ("$19.99"). */
export function TestCardForm({ amount, busy, onPay }: { amount: string; busy: boolean; onPay: (card: TestCardBody) => void }) {
  const [fields, setFields] = useState<CardFields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const inputs = useRef<Partial<Record<keyof CardFields, HTMLInputElement | null>>>({});

  // A field's error goes as soon as it is edited; the others stay until the next attempt.
  const change = (name: keyof CardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCard(fields);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((name) => checked.errors[name]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    onPay(checked.card);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('enrollment.cardPayment')}>
      <div
        role="note"
        className="flex gap-3 rounded-xl border border-warning/40 bg-warning-muted p-3 text-sm text-warning-muted-foreground"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <RichText
            text={t('enrollment.testModeNote')}
            tags={{
              // Card numbers read left to right in every language.
              pay: () => <strong dir="ltr">4242 4242 4242 4242</strong>,
              decline: () => <strong dir="ltr">4000 0000 0000 0002</strong>,
            }}
          />
        </p>
      </div>
      <FormField label={t('enrollment.cardNumber')} error={errors.cardNumber}>
        {(control) => (
          <Input
            {...control}
            ref={(element) => {
              inputs.current.cardNumber = element;
            }}
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={fields.cardNumber}
            onChange={(event) => change('cardNumber', formatCardNumber(event.target.value))}
            required
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label={t('enrollment.expiry')} error={errors.expiry}>
          {(control) => (
            <Input
              {...control}
              ref={(element) => {
                inputs.current.expiry = element;
              }}
              dir="ltr"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('enrollment.expiryPlaceholder')}
              value={fields.expiry}
              maxLength={7}
              onChange={(event) => change('expiry', formatExpiryInput(event.target.value, fields.expiry))}
              required
            />
          )}
        </FormField>
        <FormField label={t('enrollment.cvc')} error={errors.cvc}>
          {(control) => (
            <Input
              {...control}
              ref={(element) => {
                inputs.current.cvc = element;
              }}
              dir="ltr"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={fields.cvc}
              maxLength={4}
              onChange={(event) => change('cvc', event.target.value.replace(/\D/g, ''))}
              required
            />
          )}
        </FormField>
      </div>
      <PayButton amount={amount} busy={busy} />
    </form>
  );
}
