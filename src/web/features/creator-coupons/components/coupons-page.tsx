import { useId, useRef, useState } from 'react';
import { Card } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';
import { CouponList } from './coupon-list';
import { NewCouponCard } from './new-coupon-card';

/** The Coupons page's content, under the heading the route gives it: a form for a new code, then the codes. */
export function CouponsPage() {
  useDocumentTitle(t('coupons.title'));
  const formTitleId = useId();
  const listTitleId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  // A new code goes first and pushes the rest down a place: the list starts again from its first page,
  // since pages read earlier would skip the code that moved onto the next one.
  const [listVersion, setListVersion] = useState(0);

  return (
    <div className="grid gap-10">
      <section aria-labelledby={formTitleId}>
        <Card className="p-5 sm:p-6">
          <h2 id={formTitleId} className="mb-5 text-lg font-semibold">
            {t('coupons.newCoupon')}
          </h2>
          <NewCouponCard onCreated={() => setListVersion((version) => version + 1)} />
        </Card>
      </section>
      <section aria-labelledby={listTitleId}>
        <h2 id={listTitleId} ref={listHeadingRef} tabIndex={-1} className="mb-4 text-xl font-semibold focus:outline-none">
          {t('coupons.yourCoupons')}
        </h2>
        <CouponList key={listVersion} headingRef={listHeadingRef} />
      </section>
    </div>
  );
}
