import { TicketPercent, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type Coupon, type CreateSiteCouponBody, CreateSiteCouponBodySchema } from '#shared/schemas/coupons';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { formatCount, formatDay, formatPrice } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
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
      field === 'value' ? (values.kind === 'percent' ? t('admin.errorPercent') : t('admin.errorAmount')) : issue.message;
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
          title: t('admin.couponMade'),
          description: t('admin.couponMadeText', { code: coupon.code }),
        });
      },
      onError: (failure) => {
        const fields = apiFieldErrors(failure);
        setErrors({
          code:
            fields.code ??
            (fields.percentOff || fields.amountOff || fields.expiresAt
              ? undefined
              : apiErrorText(failure, t('admin.couponFailed'))),
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
        <FormField label={t('admin.code')} error={errors.code} hint={t('admin.codeHint')}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              className="font-mono uppercase"
              dir="ltr"
              value={values.code}
              onChange={(event) => set({ code: event.target.value })}
            />
          )}
        </FormField>
        <FormField
          label={values.kind === 'percent' ? t('admin.percentOffLabel') : t('admin.amountOffLabel')}
          error={errors.value}
        >
          {(control) => (
            <div className="flex gap-2">
              <select
                aria-label={t('admin.kindOfDiscount')}
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
        <FormField label={t('admin.expiresAfter')} error={errors.expiresOn}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.expiresOn}
              onChange={(event) => set({ expiresOn: event.target.value })}
            />
          )}
        </FormField>
        <FormField label={t('admin.usesAtMost')} error={errors.maxRedemptions}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              placeholder={t('admin.noLimit')}
              value={values.maxRedemptions}
              onChange={(event) => set({ maxRedemptions: event.target.value })}
            />
          )}
        </FormField>
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <TicketPercent aria-hidden="true" />}
            {t('admin.makeCoupon')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function describeCoupon(coupon: Coupon): string {
  const off =
    coupon.percentOff !== null
      ? t('admin.percentOff', { percent: formatCount(coupon.percentOff) })
      : t('admin.amountOff', { amount: formatPrice(coupon.amountOff ?? 0) });
  const uses =
    coupon.maxRedemptions === null
      ? t('admin.used', { count: coupon.redemptions })
      : t('admin.usedOfMax', { used: formatCount(coupon.redemptions), max: formatCount(coupon.maxRedemptions) });
  const expiry = coupon.expiresAt
    ? t('admin.until', { day: formatDay(new Date(coupon.expiresAt), { utc: true }) })
    : t('admin.noExpiry');
  return `${off} · ${uses} · ${expiry}`;
}

function DeleteButton({ coupon }: { coupon: Coupon }) {
  const remove = useDeleteSiteCoupon();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={t('admin.deleteCode', { code: coupon.code })}>
          <Trash2 aria-hidden="true" />
          {t('admin.delete')}
        </Button>
      }
      title={t('admin.stopCodeTitle')}
      description={
        <RichText
          text={t('admin.stopCodeText')}
          tags={{ code: () => <span className="font-mono font-medium break-all text-foreground">{coupon.code}</span> }}
        />
      }
      confirmLabel={t('admin.confirmDeleteCode')}
      onConfirm={async () => {
        await remove.mutateAsync({ couponId: coupon.id });
        toast({
          variant: 'success',
          title: t('admin.couponDeleted'),
          description: t('admin.couponDeletedText', { code: coupon.code }),
        });
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
        {t('admin.siteCoupons')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('admin.siteCouponsIntro')}</p>
      <NewCouponForm />
      <PagedListView
        list={list}
        texts={{ loading: t('admin.couponsLoading'), failed: t('admin.couponsFailed') }}
        empty={{ icon: TicketPercent, title: t('admin.noSiteCoupons'), text: t('admin.noSiteCouponsText') }}
      >
        {(coupons) => (
          <RowList label={t('admin.siteCoupons')}>
            {coupons.map((coupon) => (
              <Row key={coupon.id} actions={<DeleteButton coupon={coupon} />}>
                <p className="flex flex-wrap items-center gap-2 font-mono font-medium break-all">
                  {coupon.code}
                  {isExpired(coupon) ? <Badge variant="secondary">{t('admin.expired')}</Badge> : null}
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
