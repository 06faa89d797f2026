import { CreatorPage, PageHeader } from '#web/features/creator-dashboard/components/creator-page';
import { EarningsPage } from '#web/features/creator-earnings/components/earnings-page';
import { CreatorOnly } from './creator-route';

export default function CreatorEarningsRoute() {
  return (
    <CreatorOnly>
      <CreatorPage>
        <PageHeader
          back
          title="Earnings"
          description="What your courses sold, the platform's fees, refunds, and what you keep."
        />
        <EarningsPage />
      </CreatorPage>
    </CreatorOnly>
  );
}
