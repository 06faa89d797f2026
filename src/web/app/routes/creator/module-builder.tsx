import { ModuleBuilder } from '#web/features/module-builder/components/module-builder';
import { CreatorOnly, useIdParam } from './creator-route';

export default function ModuleBuilderRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <ModuleBuilder key={id} moduleId={id} />
    </CreatorOnly>
  );
}
