import { FlaskConical, Loader2, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TestCardBody } from '#shared/schemas/enrollment';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';

/** "MM/YY" or "MM/YYYY" → numbers; null when it is not a date at all. */
function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: year < 100 ? 2000 + year : year };
}

/** Groups of four as the customer types, like every card field. */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** DECISIONS §4: without a Stripe key the checkout is in test mode and says so, with the test cards. */
export function TestCardForm({ busy, onPay }: { busy: boolean; onPay: (card: TestCardBody) => void }) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [expiryError, setExpiryError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseExpiry(expiry);
    if (!parsed) {
      setExpiryError('Enter the expiry as MM/YY');
      return;
    }
    setExpiryError(undefined);
    onPay({ cardNumber, cvc, ...parsed });
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Card payment">
      <div
        role="note"
        className="flex gap-3 rounded-xl border border-warning/40 bg-warning-muted p-3 text-sm text-warning-muted-foreground"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          Test mode: no real card is charged. Use <strong>4242 4242 4242 4242</strong> to pay,{' '}
          <strong>4000 0000 0000 0002</strong> for a declined card, any future expiry and any 3-digit CVC.
        </p>
      </div>
      <FormField label="Card number">
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={cardNumber}
            onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
            required
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" error={expiryError}>
          {(control) => (
            <Input
              {...control}
              autoComplete="cc-exp"
              placeholder="12/30"
              value={expiry}
              maxLength={7}
              onChange={(event) => setExpiry(event.target.value)}
              required
            />
          )}
        </FormField>
        <FormField label="CVC">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={cvc}
              maxLength={4}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, ''))}
              required
            />
          )}
        </FormField>
      </div>
      <Button type="submit" variant="gradient" size="lg" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Lock aria-hidden="true" />}
        {busy ? 'Processing...' : 'Complete Purchase'}
      </Button>
    </form>
  );
}
