import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { createPackageMirror } from './package-mirror';
import type { SandboxMessage, SandboxRequest, SandboxRun, SandboxWorkerData } from './protocol';

export type PythonRunResult = {
  /** The first characters of stdout + stderr, then a line naming the limit a stopped run hit. */
  output: string;
  /** null when the source and the tests finished; otherwise a short reason. */
  error: string | null;
  correct: boolean;
};

export type PythonPoolOptions = {
  /** Worker threads, each with a warm interpreter; started on the first run. */
  size: number;
  /** Runs that may wait for a worker; past it run() throws PythonQueueFullError. */
  queueLimit: number;
  timeLimitMs?: number;
  memoryLimitMb?: number;
  outputLimit?: number;
  /** How long a run may ignore the interrupt before its worker is terminated. */
  graceMs?: number;
  /** The packages mirror (PYODIDE_PACKAGES_URL); without it only the standard library imports. */
  packagesUrl?: string | null;
  /** Where a mirror that cannot be read is reported: the operator's concern, not the learner's. */
  log?: { warn: (details: object, message: string) => void };
};

export type PythonPool = {
  run: (request: { source: string; testCode?: string | null }) => Promise<PythonRunResult>;
  /** Terminates every worker; waiting runs are refused. */
  close: () => Promise<void>;
};

export class PythonQueueFullError extends Error {
  constructor() {
    super('Every Python worker is busy and the queue is full');
  }
}

export class PythonUnavailableError extends Error {}

const SIGINT = 2;

type Job = {
  request: SandboxRun;
  resolve: (result: PythonRunResult) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  interrupt: Int32Array;
  state: 'starting' | 'idle' | 'busy' | 'gone';
  job?: Job;
  timers: NodeJS.Timeout[];
  interrupted: boolean;
  /** Mirrored packages this worker's interpreter holds. */
  installed: Set<string>;
};

/** Bundled, the worker sits beside the server; from source (tsx, vitest) it is TypeScript, loaded through tsx. */
function spawnWorker(workerData: SandboxWorkerData): Worker {
  // Nothing of the server's environment, no inherited flags, and its console goes nowhere.
  // Its JavaScript heap is bounded too; the interpreter's WebAssembly heap is bounded inside (worker.ts).
  const resourceLimits = { maxOldGenerationSizeMb: 256 };
  const options: WorkerOptions = { workerData, env: {}, execArgv: [], stdout: true, stderr: true, resourceLimits };
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`,
        { ...options, eval: true },
      )
    : new Worker(new URL('./python-sandbox-worker.js', import.meta.url), options);
  worker.stdout?.resume();
  worker.stderr?.resume();
  return worker;
}

function pyodideFolder(): string {
  return `${path.dirname(createRequire(import.meta.url).resolve('pyodide/package.json'))}${path.sep}`;
}

export function createPythonPool({
  size,
  queueLimit,
  timeLimitMs = 5_000,
  memoryLimitMb = 256,
  outputLimit = 10_000,
  graceMs = 1_000,
  packagesUrl = null,
  log,
}: PythonPoolOptions): PythonPool {
  const mirror = packagesUrl ? createPackageMirror(packagesUrl) : null;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let closed = false;
  let indexURL: string | undefined;

  const limitLine = (text: string) => ({ note: `\n${text}`, error: text });
  const TIME = limitLine(`Time limit exceeded: the run was stopped after ${timeLimitMs / 1000} seconds.`);
  const MEMORY = limitLine(`Memory limit exceeded: the run used more than ${memoryLimitMb} MB.`);

  function finish(slot: Slot, result: PythonRunResult) {
    const job = slot.job;
    for (const timer of slot.timers) clearTimeout(timer);
    slot.timers = [];
    slot.job = undefined;
    job?.resolve(result);
  }

  function retire(slot: Slot) {
    slot.state = 'gone';
    for (const timer of slot.timers) clearTimeout(timer);
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    // A stopped or broken worker is replaced at once, so the pool keeps its size.
    if (index >= 0) slots.splice(index, 1, ...(closed ? [] : [startSlot()]));
  }

  function startSlot(): Slot {
    indexURL ??= pyodideFolder();
    const interrupt = new SharedArrayBuffer(4);
    const worker = spawnWorker({
      indexURL,
      memoryLimitBytes: memoryLimitMb * 1024 * 1024,
      outputLimit,
      interrupt,
      mirrored: mirror !== null,
    });
    const slot: Slot = {
      worker,
      interrupt: new Int32Array(interrupt),
      state: 'starting',
      timers: [],
      interrupted: false,
      installed: new Set(),
    };
    worker.on('message', (message: SandboxMessage) => {
      if (message.type === 'ready') {
        slot.state = 'idle';
        pump();
      } else if (message.type === 'imports') {
        void supplyPackages(slot, message.names);
      } else if (message.type === 'failed') {
        fail(slot, new PythonUnavailableError(`Python could not start: ${message.message}`));
      } else if (slot.job) {
        const limit = slot.interrupted ? TIME : message.memoryExceeded ? MEMORY : undefined;
        finish(slot, {
          output: `${message.output}${limit?.note ?? ''}`,
          error: limit?.error ?? message.error,
          correct: message.error === null && !limit,
        });
        if (message.broken) retire(slot);
        else slot.state = 'idle';
        pump();
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.state === 'starting') return fail(slot, new PythonUnavailableError(`Python could not start: ${error.message}`));
      // The thread's JavaScript heap (resourceLimits) ran out, or the thread died another way.
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const reason = outOfMemory ? MEMORY.error : 'The run stopped unexpectedly.';
      if (slot.job) finish(slot, { output: reason, error: reason, correct: false });
    });
    worker.on('exit', () => {
      if (slot.state === 'gone') return;
      if (slot.job)
        finish(slot, { output: 'The run stopped unexpectedly.', error: 'The run stopped unexpectedly.', correct: false });
      retire(slot);
      pump();
    });
    return slot;
  }

  /** A worker that cannot start takes the waiting runs with it; the next run tries again. */
  function fail(slot: Slot, error: Error) {
    slot.state = 'gone';
    void slot.worker.terminate();
    if (slots.includes(slot)) slots.splice(slots.indexOf(slot), 1);
    for (const job of queue.splice(0)) job.reject(error);
  }

  /** Downloading is not the run's time: the clock stops while the mirror answers, and starts afresh. */
  async function supplyPackages(slot: Slot, names: string[]) {
    const job = slot.job;
    stopClock(slot);
    let wheels: Awaited<ReturnType<NonNullable<typeof mirror>['wheelsFor']>> = [];
    try {
      wheels = (await mirror?.wheelsFor(names, slot.installed)) ?? [];
    } catch (error) {
      // The import then fails in the run with the message that the package is not available.
      log?.warn({ err: error, packages: names }, 'the Python packages mirror could not be read');
    }
    if (slot.state !== 'busy' || slot.job !== job) return;
    for (const wheel of wheels) slot.installed.add(wheel.name);
    const request: SandboxRequest = { type: 'packages', wheels: wheels.map(({ name: _name, ...wheel }) => wheel) };
    startClock(slot);
    slot.worker.postMessage(request);
  }

  function stopClock(slot: Slot) {
    for (const timer of slot.timers) clearTimeout(timer);
    slot.timers = [];
  }

  function dispatch(slot: Slot, job: Job) {
    slot.state = 'busy';
    slot.job = job;
    startClock(slot);
    slot.worker.postMessage(job.request);
  }

  function startClock(slot: Slot) {
    slot.interrupted = false;
    slot.timers = [
      // First a KeyboardInterrupt Python can see between bytecodes...
      setTimeout(() => {
        slot.interrupted = true;
        Atomics.store(slot.interrupt, 0, SIGINT);
      }, timeLimitMs),
      // ...then, for code that ignores or never reaches it (a long C call, `except BaseException`), the thread ends.
      setTimeout(() => {
        finish(slot, { output: TIME.error, error: TIME.error, correct: false });
        retire(slot);
        pump();
      }, timeLimitMs + graceMs),
    ];
  }

  function pump() {
    for (const slot of slots) {
      if (slot.state !== 'idle') continue;
      const job = queue.shift();
      if (!job) return;
      dispatch(slot, job);
    }
  }

  return {
    run({ source, testCode = null }) {
      if (closed || size < 1) return Promise.reject(new PythonUnavailableError('Python runs are turned off here'));
      while (slots.length < size) slots.push(startSlot());
      const idle = slots.some((slot) => slot.state === 'idle');
      if (!idle && queue.length >= queueLimit) return Promise.reject(new PythonQueueFullError());
      return new Promise<PythonRunResult>((resolve, reject) => {
        queue.push({ request: { type: 'run', source, testCode }, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new PythonUnavailableError('The server is shutting down'));
      const stopping = slots.splice(0).map((slot) => {
        slot.state = 'gone';
        for (const timer of slot.timers) clearTimeout(timer);
        slot.job?.reject(new PythonUnavailableError('The server is shutting down'));
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
  };
}
