import { CreatorDashboard } from '#web/features/creator-dashboard/components/creator-dashboard';
import { QuestionsCard } from '#web/features/discussions/components/questions-card';
import { ProfileForm } from '#web/features/instructors/components/profile-form';
import { useAuth } from '#web/lib/auth';
import { CreatorOnly } from './creator-route';

export default function CreatorDashboardRoute() {
  const { user } = useAuth();
  return (
    <CreatorOnly>
      <CreatorDashboard profile={user ? <ProfileForm userId={user.id} /> : null} questions={<QuestionsCard />} />
    </CreatorOnly>
  );
}
