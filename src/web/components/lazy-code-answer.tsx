import { type ComponentProps, lazy, Suspense } from 'react';
import { t } from '#web/lib/i18n/t';

const CodeAnswer = lazy(() => import('./code-answer'));

/** The code editor with Run, loaded only where a code question is shown: Learn's first load stays in budget. */
export function LazyCodeAnswer(props: ComponentProps<typeof CodeAnswer>) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-muted-foreground">
          {t('shell.loadingCodeEditor')}
        </p>
      }
    >
      <CodeAnswer {...props} />
    </Suspense>
  );
}
