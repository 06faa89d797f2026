import { CouponsPage } from '#web/features/creator-coupons/components/coupons-page';
import { CreatorPage, PageHeader } from '#web/features/creator-dashboard/components/creator-page';
import { t } from '#web/lib/i18n/t';
import { CreatorOnly } from './creator-route';

export default function CreatorCouponsRoute() {
  return (
    <CreatorOnly>
      <CreatorPage>
        <PageHeader back title={t('coupons.title')} description={t('coupons.description')} />
        <CouponsPage />
      </CreatorPage>
    </CreatorOnly>
  );
}
