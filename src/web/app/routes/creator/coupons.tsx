import { CouponsPage } from '#web/features/creator-coupons/components/coupons-page';
import { CreatorPage, PageHeader } from '#web/features/creator-dashboard/components/creator-page';
import { CreatorOnly } from './creator-route';

export default function CreatorCouponsRoute() {
  return (
    <CreatorOnly>
      <CreatorPage>
        <PageHeader back title="Coupons" description="Discount codes for your paid courses. Buyers type them at checkout." />
        <CouponsPage />
      </CreatorPage>
    </CreatorOnly>
  );
}
