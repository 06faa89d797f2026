import { CreatorPage, PageHeader } from '#web/features/creator-dashboard/components/creator-page';
import { CreatorInbox } from '#web/features/discussions/components/creator-inbox';
import { CreatorOnly } from './creator-route';

export default function CreatorQuestionsRoute() {
  return (
    <CreatorOnly>
      <CreatorPage>
        <PageHeader back title="Questions" description="What your students asked under your slides. Answer them here." />
        <CreatorInbox />
      </CreatorPage>
    </CreatorOnly>
  );
}
