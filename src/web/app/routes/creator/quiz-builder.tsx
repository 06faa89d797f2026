import { ListChecks } from 'lucide-react';
import { CreatorComingSoon } from './creator-coming-soon';

export function QuizBuilderRoute() {
  return (
    <CreatorComingSoon
      title="Quiz Builder"
      icon={ListChecks}
      description="Writing quiz questions and marking the correct answers is coming soon."
    />
  );
}
