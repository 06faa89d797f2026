import type { Lockfile, PyodideAPI } from 'pyodide';
import type { PyCallable, PyDict } from 'pyodide/ffi';
import { version } from 'pyodide/package.json';
import { PYODIDE_PATH } from '#shared/pyodide';
import { CELL_RUNNER } from './cell-runner';
import type { PythonReply, PythonRequest } from './protocol';

/*
 * Python's worker (ADR 0053): Pyodide from this origin's /pyodide/<version>/ (copied there by the build),
 * loaded when the page sends `start`, then one run at a time. Each session has a namespace of its own.
 * The page ends a run that takes too long by ending this worker.
 */

/** Characters of stdout + stderr kept of one run, as on the server (docs/product.md, Running Python). */
const OUTPUT_LIMIT = 10_000;
const INDEX_URL = `${PYODIDE_PATH}${version}/`;

type WorkerScope = {
  postMessage(message: PythonReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PythonRequest>) => void): void;
};
const scope = self as unknown as WorkerScope;

type Python = { pyodide: PyodideAPI; runCell: PyCallable; hasPackages: boolean };
let python: Python | null = null;
const sessions = new Map<string, PyDict>();

/** The run whose output the streams are writing, and how much of it has been sent. */
let current: { id: number; sent: number } | null = null;
const decoder = new TextDecoder();

function write(buffer: Uint8Array): number {
  const text = decoder.decode(buffer, { stream: true });
  if (current && current.sent < OUTPUT_LIMIT && text) {
    const kept = text.slice(0, OUTPUT_LIMIT - current.sent);
    current.sent += kept.length;
    scope.postMessage({ type: 'output', id: current.id, text: kept });
  }
  return buffer.length;
}

/**
 * The mirror's lock file, which names its packages: Pyodide's own lock (from this origin) names only
 * Pyodide's set, so a mirror's other wheels would never be found. Null when it cannot be read (down, no
 * CORS, not JSON) or is for another Pyodide (its ABI): Python then starts without packages rather than
 * not at all.
 */
async function mirrorLock(packagesUrl: string): Promise<Lockfile | null> {
  const read = async (url: string) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as Lockfile;
  };
  try {
    const [mirror, own] = await Promise.all([read(`${packagesUrl}pyodide-lock.json`), read(`${INDEX_URL}pyodide-lock.json`)]);
    if (!mirror.packages || mirror.info?.abi_version !== own.info.abi_version) {
      throw new Error(`its lock file is not one for Pyodide ${version} (ABI ${own.info.abi_version})`);
    }
    return mirror;
  } catch (error) {
    console.warn(`The packages mirror ${packagesUrl} cannot be used:`, error);
    return null;
  }
}

async function start(packagesUrl: string | null): Promise<Python> {
  const [{ loadPyodide }, lock] = await Promise.all([
    import(/* @vite-ignore */ `${INDEX_URL}pyodide.mjs`) as Promise<typeof import('pyodide')>,
    packagesUrl ? mirrorLock(packagesUrl) : null,
  ]);
  const pyodide = await loadPyodide({
    indexURL: INDEX_URL,
    ...(lock && packagesUrl ? { lockFileContents: lock, packageBaseUrl: packagesUrl } : {}),
  });
  // No one can type into a run: input() meets the end of its input at once.
  pyodide.setStdin({ error: true });
  pyodide.setStdout({ write });
  pyodide.setStderr({ write });
  const runCell = pyodide.runPython(CELL_RUNNER) as PyCallable;
  return { pyodide, runCell, hasPackages: lock !== null };
}

function namespaceOf({ pyodide }: Python, session: string): PyDict {
  let namespace = sessions.get(session);
  if (!namespace) {
    namespace = pyodide.globals.get('dict')() as PyDict;
    namespace.set('__name__', '__main__');
    sessions.set(session, namespace);
  }
  return namespace;
}

async function run(loaded: Python, id: number, source: string, session: string) {
  if (loaded.hasPackages) {
    // A package the mirror lacks fails at its import, with Python's own message.
    await loaded.pyodide.loadPackagesFromImports(source, { messageCallback: () => {}, errorCallback: () => {} }).catch(() => {});
  }
  scope.postMessage({ type: 'running', id });
  current = { id, sent: 0 };
  try {
    const error = loaded.runCell(source, namespaceOf(loaded, session), loaded.hasPackages) as string | undefined;
    scope.postMessage({ type: 'done', id, error: error ?? null });
  } finally {
    current = null;
  }
}

scope.addEventListener('message', async ({ data }) => {
  if (data.type === 'start') {
    try {
      python = await start(data.packagesUrl);
      scope.postMessage({ type: 'started' });
    } catch (error) {
      scope.postMessage({ type: 'start-failed', message: error instanceof Error ? error.message : String(error) });
    }
  } else if (data.type === 'run' && python) {
    await run(python, data.id, data.source, data.session);
  } else if (data.type === 'forget') {
    sessions.get(data.session)?.destroy();
    sessions.delete(data.session);
  }
});
