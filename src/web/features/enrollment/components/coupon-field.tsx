import { Loader2, TicketPercent, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { CouponCheckResult } from '#shared/schemas/coupons';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { getErrorMessage } from '#web/lib/api-client';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';

export type AppliedCoupon = { code: string; price: CouponCheckResult };

/**
 * A discount code field (the checkout's, and each course's in the cart): checked by the server, which
 * alone decides the price. `apply` sends the typed code and resolves with why it was refused, or null
 * once applied (a failed call's message is shown too). Applied, it shows as a chip that can be
 * removed; refused, the reason stays under the field. `label` names whose code it is when a page has several.
 */
export function CouponField({
  applied,
  busy,
  apply,
  onRemove,
  label = t('enrollment.discountCode'),
}: {
  applied: { code: string } | null;
  busy: boolean;
  apply: (code: string) => Promise<string | null>;
  onRemove: () => void | Promise<void>;
  label?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError(t('enrollment.enterCode'));
      return;
    }
    setChecking(true);
    setError(undefined);
    try {
      const refusal = await apply(typed);
      if (refusal === null) setCode('');
      else setError(refusal);
    } catch (failure) {
      setError(getErrorMessage(failure, t('enrollment.codeCheckFailed')));
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg border border-success/40 bg-success-muted px-3 py-2 text-sm text-success-muted-foreground">
        <span className="flex min-w-0 items-center gap-2">
          <TicketPercent className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">
            <RichText text={t('enrollment.codeApplied')} tags={{ code: () => <strong>{applied.code}</strong> }} />
          </span>
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void onRemove()}
          disabled={busy}
          aria-label={t('enrollment.removeCodeLabel', { code: applied.code })}
        >
          <X aria-hidden="true" /> {t('enrollment.remove')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormField label={label} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(undefined);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              placeholder={t('enrollment.codePlaceholder')}
            />
            <Button type="submit" variant="outline" disabled={checking || busy}>
              {checking ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('enrollment.apply')}
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
