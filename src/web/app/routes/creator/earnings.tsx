import { CreatorPage, PageHeader } from '#web/features/creator-dashboard/components/creator-page';
import { EarningsPage } from '#web/features/creator-earnings/components/earnings-page';
import { t } from '#web/lib/i18n/t';
import { CreatorOnly } from './creator-route';

export default function CreatorEarningsRoute() {
  return (
    <CreatorOnly>
      <CreatorPage>
        <PageHeader back title={t('earnings.title')} description={t('earnings.description')} />
        <EarningsPage />
      </CreatorPage>
    </CreatorOnly>
  );
}
