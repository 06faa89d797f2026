import { TicketPercent, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatCount, formatDay, formatPrice } from '#shared/format';
import { type Coupon, type CreateSiteCouponBody, CreateSiteCouponBodySchema } from '#shared/schemas/coupons';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '#web/lib/api-client';
import { useCreateSiteCoupon, useDeleteSiteCoupon, useSiteCoupons } from '../api/coupons';
import { SELECT_CLASS } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

type Values = { code: string; kind: 'percent' | 'amount'; value: string; expiresOn: string; maxRedemptions: string };
const EMPTY: Values = { code: '', kind: 'percent', value: '', expiresOn: '', maxRedemptions: '' };
type Field = 'code' | 'value' | 'expiresOn' | 'maxRedemptions';

/** The form's values as the request, or the first problem of each field (the server's own checks, run here first). */
function toBody(values: Values): { body: CreateSiteCouponBody } | { errors: Partial<Record<Field, string>> } {
  const numberOrText = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());
  const body: CreateSiteCouponBody = {
    code: values.code,
    ...(values.kind === 'percent'
      ? { percentOff: numberOrText(values.value) as number }
      : { amountOff: values.value.trim().replace(/^\$/, '') }),
    // The last moment of the chosen day in UTC, as the creators' form sends it.
    ...(values.expiresOn ? { expiresAt: `${values.expiresOn}T23:59:59.999Z` } : {}),
    ...(values.maxRedemptions.trim() ? { maxRedemptions: numberOrText(values.maxRedemptions) as number } : {}),
  };
  const parsed = CreateSiteCouponBodySchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const path = String(issue.path[0] ?? '');
    const field: Field =
      path === 'percentOff' || path === 'amountOff' ? 'value' : path === 'expiresAt' ? 'expiresOn' : (path as Field);
    errors[field] ??=
      field === 'value'
        ? values.kind === 'percent'
          ? 'Enter a whole number from 1 to 100'
          : 'Enter an amount such as 5.00'
        : issue.message;
  }
  return { errors };
}

function NewCouponForm() {
  const create = useCreateSiteCoupon();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = toBody(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.body, {
      onSuccess: (coupon) => {
        setValues(EMPTY);
        toast({
          variant: 'success',
          title: 'Coupon made',
          description: `${coupon.code} now works at checkout for every course.`,
        });
      },
      onError: (failure) => {
        const fields = getFieldErrors(failure);
        setErrors({
          code:
            fields.code ??
            (fields.percentOff || fields.amountOff || fields.expiresAt
              ? undefined
              : getErrorMessage(failure, 'The coupon could not be made.')),
          value: fields.percentOff ?? fields.amountOff,
          expiresOn: fields.expiresAt,
          maxRedemptions: fields.maxRedemptions,
        });
      },
    });
  };

  return (
    <Card className="p-5">
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Code" error={errors.code} hint="4–32 letters, digits, - or _">
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              className="font-mono uppercase"
              value={values.code}
              onChange={(event) => set({ code: event.target.value })}
            />
          )}
        </FormField>
        <FormField label={values.kind === 'percent' ? 'Percent off' : 'Amount off (USD)'} error={errors.value}>
          {(control) => (
            <div className="flex gap-2">
              <select
                aria-label="Kind of discount"
                className={SELECT_CLASS}
                value={values.kind}
                onChange={(event) => set({ kind: event.target.value as Values['kind'], value: '' })}
              >
                <option value="percent">%</option>
                <option value="amount">$</option>
              </select>
              <Input
                {...control}
                inputMode={values.kind === 'percent' ? 'numeric' : 'decimal'}
                placeholder={values.kind === 'percent' ? '20' : '5.00'}
                value={values.value}
                onChange={(event) => set({ value: event.target.value })}
              />
            </div>
          )}
        </FormField>
        <FormField label="Expires after (optional)" error={errors.expiresOn}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.expiresOn}
              onChange={(event) => set({ expiresOn: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Uses at most (optional)" error={errors.maxRedemptions}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              placeholder="No limit"
              value={values.maxRedemptions}
              onChange={(event) => set({ maxRedemptions: event.target.value })}
            />
          )}
        </FormField>
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <TicketPercent aria-hidden="true" />}
            Make site-wide coupon
          </Button>
        </div>
      </form>
    </Card>
  );
}

function describeCoupon(coupon: Coupon): string {
  const off = coupon.percentOff !== null ? `${coupon.percentOff} % off` : `${formatPrice(coupon.amountOff ?? 0)} off`;
  const uses =
    coupon.maxRedemptions === null
      ? `${formatCount(coupon.redemptions)} used`
      : `${formatCount(coupon.redemptions)} of ${formatCount(coupon.maxRedemptions)} used`;
  const expiry = coupon.expiresAt ? `until ${formatDay(new Date(coupon.expiresAt), { utc: true })}` : 'no expiry';
  return `${off} · ${uses} · ${expiry}`;
}

function DeleteButton({ coupon }: { coupon: Coupon }) {
  const remove = useDeleteSiteCoupon();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete ${coupon.code}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Stop this code?"
      description={
        <>
          <span className="font-mono font-medium break-all text-foreground">{coupon.code}</span> will no longer work at checkout.
          Payments already made keep their price.
        </>
      }
      confirmLabel="Delete code"
      onConfirm={async () => {
        await remove.mutateAsync({ couponId: coupon.id });
        toast({ variant: 'success', title: 'Coupon deleted', description: `${coupon.code} no longer works at checkout.` });
      }}
    />
  );
}

/** Site-wide codes: checkout takes them for any course (a course's own code of the same name wins). */
export function CouponsSection() {
  const list = useSiteCoupons();
  const isExpired = (coupon: Coupon) => coupon.expiresAt !== null && Date.parse(coupon.expiresAt) <= Date.now();
  return (
    <section aria-labelledby="admin-coupons-heading" className="grid gap-4">
      <h2 id="admin-coupons-heading" className="text-xl font-semibold">
        Site-wide coupons
      </h2>
      <p className="text-sm text-muted-foreground">A site-wide code discounts any course at checkout, once per student.</p>
      <NewCouponForm />
      <PagedListView
        list={list}
        what="coupons"
        empty={{ icon: TicketPercent, title: 'No site-wide coupons', text: 'Codes made here work for every course.' }}
      >
        {(coupons) => (
          <RowList label="Site-wide coupons">
            {coupons.map((coupon) => (
              <Row key={coupon.id} actions={<DeleteButton coupon={coupon} />}>
                <p className="flex flex-wrap items-center gap-2 font-mono font-medium break-all">
                  {coupon.code}
                  {isExpired(coupon) ? <Badge variant="secondary">Expired</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">{describeCoupon(coupon)}</p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
