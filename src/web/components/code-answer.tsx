import { Play, RotateCcw, Square } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { LearnerCodeQuestion } from '#shared/schemas/questions';
import { ScrollableCode } from '#web/components/scrollable-code';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { codePackagesUrl } from '#web/lib/python/code-config';
import { endPythonSession, isPythonStarted, type PythonRun, runPython } from '#web/lib/python/run-python';

const CodeEditor = lazy(() => import('./code-editor'));

type RunState = { phase: 'idle' } | { phase: 'running'; isStarting: boolean } | { phase: 'done'; run: PythonRun };
let runCount = 0;

/**
 * A code question's answer field (docs/product.md, Learning): the editor with the starter code, Run
 * (the learner's code alone, in their browser: only their own prints show) and Reset to the starter
 * code. Grading is the server's; the player's Submit sends `value`. Loaded only where a code question is.
 */
export default function CodeAnswer({
  question,
  value,
  onChange,
  readOnly = false,
  label = t('shell.yourCode'),
}: {
  question: LearnerCodeQuestion;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  label?: string;
}) {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const outputId = useId();
  useEffect(() => () => running.current?.abort(), []);

  async function run() {
    if (running.current) return running.current.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'running', isStarting: !isPythonStarted() });
    // Each Run starts from nothing, as Submit's grading does.
    const session = `code-question-${question.id}-${++runCount}`;
    try {
      const packagesUrl = await codePackagesUrl();
      const result = await runPython(value, { session, signal: controller.signal, packagesUrl });
      setState({ phase: 'done', run: result });
    } finally {
      endPythonSession(session);
      running.current = null;
    }
  }

  const isRunning = state.phase === 'running';
  return (
    <div className="grid min-w-0 gap-3">
      <Suspense
        fallback={
          <p role="status" className="text-sm text-muted-foreground">
            {t('shell.loadingCodeEditor')}
          </p>
        }
      >
        <CodeEditor label={label} value={value} onChange={onChange} readOnly={readOnly} minHeight="8rem" />
      </Suspense>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void run()} aria-describedby={outputId}>
          {isRunning ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
          {isRunning ? t('shell.stop') : t('shell.run')}
        </Button>
        {readOnly ? null : (
          <Button
            type="button"
            variant="ghost"
            disabled={value === question.starterCode}
            onClick={() => onChange(question.starterCode)}
          >
            <RotateCcw aria-hidden="true" /> {t('shell.resetToStarter')}
          </Button>
        )}
      </div>
      <div id={outputId} aria-live="polite" className="grid min-w-0 gap-1.5">
        {state.phase === 'running' ? (
          <p className="text-sm text-muted-foreground">{state.isStarting ? t('shell.startingPython') : t('shell.running')}</p>
        ) : state.phase === 'done' ? (
          <RunOutput run={state.run} />
        ) : (
          <p className="text-xs text-muted-foreground">{t('shell.runHint')}</p>
        )}
      </div>
    </div>
  );
}

function RunOutput({ run: { output, error } }: { run: PythonRun }) {
  return (
    <>
      {output ? (
        <>
          <p className="text-xs font-medium text-muted-foreground">{t('shell.output')}</p>
          <ScrollableCode label={t('shell.outputOfYourRun')}>{output}</ScrollableCode>
        </>
      ) : null}
      {/* A traceback is in the output already; a stop or a failed start is said here. */}
      {error && !output.includes(error) ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
      {!output && !error ? <p className="text-sm text-muted-foreground">{t('shell.printedNothing')}</p> : null}
    </>
  );
}
