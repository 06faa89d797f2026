import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Coupon } from '#shared/schemas/coupons';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { describeDiscount, describeExpiry, describeUses } from '../lib/coupon-text';
import { CopyCodeButton } from './copy-code-button';

const headings = () => [t('coupons.code'), t('coupons.course'), t('coupons.discount'), t('coupons.uses'), t('coupons.expiry')];

/** A cell of a phone's card: its column's name before the value, since the table's head is hidden there. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="col-span-2 flex items-baseline justify-between gap-3 sm:table-cell sm:p-3 sm:whitespace-nowrap">
      <span className="text-muted-foreground sm:hidden">{label}</span>
      {children}
    </td>
  );
}

function CouponRow({
  coupon,
  isDeleting,
  onDelete,
}: {
  coupon: Coupon;
  isDeleting: boolean;
  onDelete: (coupon: Coupon) => void;
}) {
  const expiry = describeExpiry(coupon.expiresAt);
  return (
    <tr className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 rounded-xl border bg-card p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0">
      <th scope="row" className="text-start font-normal sm:p-3 sm:pe-0">
        <span className="flex items-center gap-1">
          <span className="font-mono font-semibold break-all">{coupon.code}</span>
          <CopyCodeButton code={coupon.code} />
        </span>
      </th>
      <td className="col-span-2 row-start-2 break-words sm:p-3">{coupon.courseTitle ?? t('coupons.allCourses')}</td>
      <Cell label={t('coupons.discount')}>
        <span className="font-medium tabular-nums">{describeDiscount(coupon)}</span>
      </Cell>
      <Cell label={t('coupons.uses')}>
        <span className="tabular-nums">{describeUses(coupon)}</span>
      </Cell>
      <Cell label={t('coupons.expiry')}>
        {expiry.isExpired ? <Badge variant="warning">{expiry.text}</Badge> : <span>{expiry.text}</span>}
      </Cell>
      <td className="col-start-2 row-start-1 text-end sm:p-3 sm:ps-0">
        {/* Deleting asks first: the code stops working at checkout at once. */}
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('coupons.deleteCode', { code: coupon.code })}
              disabled={isDeleting}
              className="text-destructive hover:bg-destructive-muted hover:text-destructive-muted-foreground"
            >
              <Trash2 aria-hidden="true" />
              {t('coupons.delete')}
            </Button>
          }
          title={t('coupons.stopTitle')}
          description={
            <RichText
              text={t('coupons.stopDescription')}
              tags={{ code: () => <span className="font-mono font-medium break-all text-foreground">{coupon.code}</span> }}
            />
          }
          confirmLabel={t('coupons.confirmDelete')}
          onConfirm={() => onDelete(coupon)}
        />
      </td>
    </tr>
  );
}

/** A table on wide screens; on a phone each code becomes a stacked card, so nothing scrolls sideways. */
export function CouponTable({
  coupons,
  deletingId,
  onDelete,
}: {
  coupons: Coupon[];
  deletingId: string | null;
  onDelete: (coupon: Coupon) => void;
}) {
  return (
    <div className="sm:overflow-hidden sm:rounded-2xl sm:border sm:bg-card sm:shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('coupons.tableCaption')}</caption>
        <thead className="hidden text-start text-muted-foreground sm:table-header-group">
          <tr>
            {headings().map((heading) => (
              <th key={heading} scope="col" className="p-3 font-medium">
                {heading}
              </th>
            ))}
            <th scope="col" className="p-3 font-medium">
              <span className="sr-only">{t('coupons.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-3 sm:table-row-group">
          {coupons.map((coupon) => (
            <CouponRow key={coupon.id} coupon={coupon} isDeleting={deletingId === coupon.id} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
