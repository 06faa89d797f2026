// One warm Pyodide interpreter in a worker thread (docs/decisions/0051). Learner code that escapes
// Python reaches this thread's JavaScript, so once the interpreter is loaded the thread is stripped
// of everything worth reaching: see harden().
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import type { SandboxMessage, SandboxPackages, SandboxRequest, SandboxRun, SandboxWorkerData } from './protocol';
import { PYTHON_RUNNER } from './python-runner';

type Runner = {
  run: (source: string, testCode: string | null) => string | undefined;
  /** Modules outside the standard library the sources import. */
  imports: (source: string, testCode: string | null) => string[];
  /** Installs a mirrored wheel into the interpreter's file system, where every later run finds it. */
  install: (wheel: SandboxPackages['wheels'][number]) => Promise<void>;
  /** Makes what was installed part of the clean state a run is reset to. */
  accept: () => void;
};

const data = workerData as SandboxWorkerData;
const port = parentPort;
if (!port) throw new Error('the Python sandbox runs in a worker thread');
const send = (message: SandboxMessage) => port.postMessage(message);

// Emscripten grows the heap through WebAssembly.Memory#grow; refusing it makes malloc fail, which
// Python reports as a MemoryError. Patched before Pyodide loads, its limit set once it has loaded.
let heapLimitBytes = Number.POSITIVE_INFINITY;
let memoryExceeded = false;
const grow = WebAssembly.Memory.prototype.grow;
Object.defineProperty(WebAssembly.Memory.prototype, 'grow', {
  value: function limitedGrow(this: WebAssembly.Memory, pages: number) {
    if (this.buffer.byteLength + pages * 65_536 > heapLimitBytes) {
      memoryExceeded = true;
      throw new RangeError('memory limit');
    }
    return grow.call(this, pages);
  },
  writable: false,
  configurable: false,
});

let output = '';
let decoder = new TextDecoder();
const collect = (buffer: Uint8Array) => {
  const room = data.outputLimit - output.length;
  // Past the limit the bytes are dropped unread: a 10 MB print costs no memory here.
  if (room > 0) {
    output += decoder.decode(buffer.subarray(0, Math.min(buffer.length, room * 4)), { stream: true });
    if (output.length > data.outputLimit) output = output.slice(0, data.outputLimit);
  }
  return buffer.length;
};

const nodeRequire = createRequire(import.meta.url);
const refuse = () => {
  throw new Error('not available in the Python sandbox');
};

function refusing(prototype: object) {
  const standIn = function refused() {
    refuse();
  };
  standIn.prototype = prototype;
  return standIn;
}

/** Replaces every function of a Node module's object; syncBuiltinESMExports carries it to `import()`. */
function poison(target: Record<string, unknown>) {
  for (const key of Object.getOwnPropertyNames(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor || !('value' in descriptor)) continue;
    if (typeof descriptor.value === 'function' && descriptor.configurable) {
      Object.defineProperty(target, key, { value: refuse, writable: false, configurable: false });
    } else if (key === 'promises' && descriptor.value && typeof descriptor.value === 'object') {
      poison(descriptor.value as Record<string, unknown>);
    }
  }
}

const DANGEROUS_MODULES = [
  'fs',
  'fs/promises',
  'child_process',
  'net',
  'tls',
  'dgram',
  'http',
  'https',
  'http2',
  'dns',
  'dns/promises',
  'os',
  'v8',
  'vm',
  'wasi',
  'inspector',
  'cluster',
  'module',
];
const PROCESS_CALLS = [
  'binding',
  '_linkedBinding',
  'dlopen',
  'kill',
  '_kill',
  'exit',
  'reallyExit',
  'abort',
  'chdir',
  'getBuiltinModule',
  'setuid',
  'setgid',
  'seteuid',
  'setegid',
  'setgroups',
  'initgroups',
  'umask',
  '_debugProcess',
  'openStdin',
];
const NETWORK_GLOBALS = ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'BroadcastChannel', 'require'];

function harden(pyodide: PyodideAPI) {
  // Host files and sockets: Emscripten's NODEFS and Pyodide's socket support call these modules' objects.
  // Loaded first, all of them: a module loading later would extend a class already replaced (tls's net.Socket).
  const modules = DANGEROUS_MODULES.map((name) => nodeRequire(name) as Record<string, unknown>);
  for (const module of modules) poison(module);
  syncBuiltinESMExports();
  for (const name of PROCESS_CALLS) {
    Object.defineProperty(process, name, { value: refuse, writable: false, configurable: false });
  }
  Object.defineProperty(process, 'report', { value: undefined, writable: false, configurable: false });
  // Pyodide's loader left `require` (fs, child_process, ws) on the global object; fetch and friends are the network.
  for (const name of NETWORK_GLOBALS) Reflect.deleteProperty(globalThis, name);
  // Without code from strings, a proxy cannot be turned into new JavaScript (no `import()` of another module).
  const functionPrototypes = [
    Function.prototype,
    Object.getPrototypeOf(async () => {}),
    Object.getPrototypeOf(function* () {}),
    Object.getPrototypeOf(async function* () {}),
  ];
  // Stand-ins keep the prototypes, so Pyodide's own `x instanceof Function` still holds.
  for (const prototype of functionPrototypes) {
    Object.defineProperty(prototype, 'constructor', { value: refusing(prototype), writable: false, configurable: false });
  }
  Object.defineProperty(globalThis, 'eval', { value: refuse, writable: false, configurable: false });
  Object.defineProperty(globalThis, 'Function', { value: refusing(Function.prototype), writable: false, configurable: false });
  // The API object is reachable from Python (pyodide_js): nothing on it may mount, load, fetch or rewire.
  const api = pyodide as unknown as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(api)) {
    if (typeof api[key] === 'function') api[key] = refuse;
  }
  const filesystems = pyodide.FS.filesystems as Record<string, unknown>;
  delete filesystems.NODEFS;
  pyodide.FS.mount = refuse;
}

type PyodideInternals = {
  _api: {
    install: (buffer: Uint8Array, fileName: string, installDir: string, metadata: Map<string, string>) => Promise<void>;
    package_loader: { get_install_dir: (kind: string) => string };
  };
};

async function start(): Promise<Runner> {
  const pyodide = await loadPyodide({
    indexURL: data.indexURL,
    env: {},
    // The `js` module sees an empty object, not the thread's globals.
    jsglobals: Object.create(null),
    stdout: () => {},
    stderr: () => {},
    packageCacheDir: data.indexURL,
  });
  pyodide.setStdout({ write: collect });
  pyodide.setStderr({ write: collect });
  pyodide.setStdin({ error: true });
  pyodide.setInterruptBuffer(new Int32Array(data.interrupt));
  pyodide.globals.set('_mirrored', data.mirrored);
  const [run, imports, accept] = (pyodide.runPython(PYTHON_RUNNER) as { toJs: (options: object) => unknown[] }).toJs({
    depth: 1,
  }) as [Runner['run'], (source: string, testCode: string | null) => { toJs: () => string[] }, () => void];
  // Pyodide's own installer (what loadPackage uses, dynamic libraries included), kept before harden()
  // takes the API's functions away; the bytes come from the pool, never from the network.
  const { _api: internals } = pyodide as unknown as PyodideInternals;
  const metadata = new Map([
    ['INSTALLER', 'pyodide.loadPackage'],
    ['PYODIDE_SOURCE', 'pyodide'],
  ]);
  const install: Runner['install'] = ({ bytes, fileName, installDir }) =>
    internals.install(bytes, fileName, internals.package_loader.get_install_dir(installDir), metadata);
  const heap = (pyodide as unknown as { _module: { HEAPU8: Uint8Array } })._module.HEAPU8;
  heapLimitBytes = heap.buffer.byteLength + data.memoryLimitBytes;
  harden(pyodide);
  return { run, imports: (source, testCode) => imports(source, testCode).toJs(), install, accept };
}

function run(runner: Runner, { source, testCode }: SandboxRun): SandboxMessage {
  output = '';
  decoder = new TextDecoder();
  memoryExceeded = false;
  Atomics.store(new Int32Array(data.interrupt), 0, 0);
  try {
    const error = runner.run(source, testCode) ?? null;
    return { type: 'done', output, error, memoryExceeded, broken: memoryExceeded };
  } catch (error) {
    // Python failed outside the learner's code (an interrupt while cleaning up) or the interpreter hit
    // something harden() took away (a fatal error): either way it is not trusted with another run.
    const message =
      error instanceof Error && error.name === 'PythonError'
        ? (error.message.trim().split('\n').at(-1) ?? 'The run stopped.')
        : 'The run stopped: it tried something the sandbox does not allow.';
    return { type: 'done', output, error: message, memoryExceeded, broken: true };
  }
}

/** Imports asked about once on this worker: the mirror had them (installed) or not (it never will). */
const asked = new Set<string>();

/** With a mirror, a run importing something new waits for the pool to send its wheels (maybe none). */
function serve(runner: Runner) {
  let waiting: SandboxRun | undefined;
  return async (message: SandboxRequest) => {
    if (message.type === 'run') {
      const names = data.mirrored ? runner.imports(message.source, message.testCode).filter((name) => !asked.has(name)) : [];
      if (names.length === 0) return send(run(runner, message));
      for (const name of names) asked.add(name);
      waiting = message;
      return send({ type: 'imports', names });
    }
    const request = waiting;
    waiting = undefined;
    if (!request) return;
    try {
      for (const wheel of message.wheels) await runner.install(wheel);
      runner.accept();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return send({
        type: 'done',
        output: '',
        error: `A package could not be installed: ${reason}`,
        memoryExceeded,
        broken: true,
      });
    }
    send(run(runner, request));
  };
}

start().then(
  (runner) => {
    const handle = serve(runner);
    port.on('message', (message: SandboxRequest) => void handle(message));
    send({ type: 'ready' });
  },
  (error: unknown) => send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);
