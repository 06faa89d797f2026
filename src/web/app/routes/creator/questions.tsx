import { CreatorPage, PageHeader } from '#web/features/creator-dashboard/components/creator-page';
import { CreatorInbox } from '#web/features/discussions/components/creator-inbox';
import { t } from '#web/lib/i18n/t';
import { CreatorOnly } from './creator-route';

export default function CreatorQuestionsRoute() {
  return (
    <CreatorOnly>
      <CreatorPage>
        <PageHeader back title={t('discussions.questions')} description={t('discussions.inboxDescription')} />
        <CreatorInbox />
      </CreatorPage>
    </CreatorOnly>
  );
}
