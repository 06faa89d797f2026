import { t } from '#web/lib/i18n/t';
import type { PythonReply, PythonRequest } from './protocol';

/*
 * Python in the learner's browser (docs/product.md, Running Python; ADR 0053): one Web Worker runs
 * Pyodide, started on the first run and kept for the next ones. Runs wait their turn. A run past its
 * time limit, or aborted, ends the worker (Python cannot be interrupted from outside without
 * cross-origin isolation); the next run starts a new one, with every session's names gone.
 */

export type PythonRun = { output: string; error: string | null };
export type RunPythonOptions = {
  /** Runs of one session share their names (a slide's code blocks); another session starts empty. */
  session?: string;
  signal?: AbortSignal;
  /**
   * A mirror of Pyodide's packages (the server's PYODIDE_PACKAGES_URL): imports load from it. Read when
   * Python starts; without it only the standard library can be imported.
   */
  packagesUrl?: string | null;
};

export const RUN_TIME_LIMIT_SECONDS = 10;
const timeLimitMessage = () => t('shell.pythonTimeLimit', { seconds: RUN_TIME_LIMIT_SECONDS });
const stoppedMessage = () => t('shell.pythonStopped');
const DEFAULT_SESSION = 'default';

type Runner = { worker: Worker; started: Promise<void>; isStarted: boolean };
let runner: Runner | null = null;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 0;

function send(worker: Worker, message: PythonRequest) {
  worker.postMessage(message);
}

function startRunner(packagesUrl: string | null): Runner {
  const worker = new Worker(new URL('./python.worker.ts', import.meta.url), { type: 'module', name: 'python' });
  const started = new Promise<void>((resolve, reject) => {
    const onMessage = ({ data }: MessageEvent<PythonReply>) => {
      if (data.type === 'started') resolve();
      else if (data.type === 'start-failed') reject(new Error(data.message));
      else return;
      worker.removeEventListener('message', onMessage);
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'its worker did not load')), { once: true });
  });
  const made: Runner = { worker, started, isStarted: false };
  started.then(
    () => {
      made.isStarted = true;
    },
    () => {},
  );
  send(worker, { type: 'start', packagesUrl });
  return made;
}

function stopRunner(stopped: Runner) {
  stopped.worker.terminate();
  if (runner === stopped) runner = null;
}

/** Whether Python has started in this page: the first run waits for it to load. */
export function isPythonStarted(): boolean {
  return runner?.isStarted ?? false;
}

/** The session's names are no longer needed (its slide was left): the worker lets them go. */
export function endPythonSession(session: string) {
  if (runner) send(runner.worker, { type: 'forget', session });
}

function untilStarted(started: Promise<void>, signal: AbortSignal | undefined): Promise<'started' | 'aborted'> {
  if (!signal) return started.then(() => 'started');
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    started.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve('started');
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

async function runNow(
  source: string,
  { session = DEFAULT_SESSION, signal, packagesUrl = null }: RunPythonOptions,
): Promise<PythonRun> {
  if (signal?.aborted) return { output: '', error: stoppedMessage() };
  runner ??= startRunner(packagesUrl);
  const active = runner;
  try {
    if ((await untilStarted(active.started, signal)) === 'aborted') {
      stopRunner(active);
      return { output: '', error: stoppedMessage() };
    }
  } catch (error) {
    stopRunner(active);
    return {
      output: '',
      error: t('shell.pythonCouldNotStart', { reason: error instanceof Error ? error.message : String(error) }),
    };
  }

  const id = ++nextId;
  return new Promise((resolve) => {
    let output = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (error: string | null, isStopped = false) => {
      clearTimeout(timer);
      active.worker.removeEventListener('message', onMessage);
      active.worker.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
      if (isStopped) stopRunner(active);
      resolve({ output, error });
    };
    const onMessage = ({ data }: MessageEvent<PythonReply>) => {
      if (!('id' in data) || data.id !== id) return;
      if (data.type === 'output') output += data.text;
      // The limit counts the code's time, not the packages' download.
      else if (data.type === 'running') timer = setTimeout(() => finish(timeLimitMessage(), true), RUN_TIME_LIMIT_SECONDS * 1000);
      else if (data.type === 'done') finish(data.error);
    };
    const onError = (event: ErrorEvent) =>
      finish(
        event.message ? t('shell.pythonStoppedUnexpectedly', { reason: event.message }) : t('shell.pythonWorkerFailed'),
        true,
      );
    const onAbort = () => finish(stoppedMessage(), true);
    active.worker.addEventListener('message', onMessage);
    active.worker.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    send(active.worker, { type: 'run', id, source, session });
  });
}

/**
 * Runs `source` in the browser and answers what it printed (stdout and stderr, the first 10,000
 * characters) and its error: null when it finished, otherwise the exception's last line or why it was
 * stopped. Never rejects.
 */
export function runPython(source: string, options: RunPythonOptions = {}): Promise<PythonRun> {
  const run = queue.then(() => runNow(source, options));
  queue = run;
  return run;
}
