/** What the pool hands a sandbox worker at start: no secret, no handle, only where Pyodide is and the limits. */
export type SandboxWorkerData = {
  /** The npm package's folder (Pyodide's indexURL), ending in a slash. */
  indexURL: string;
  /** Bytes the interpreter's WebAssembly heap may grow by past what a fresh interpreter holds. */
  memoryLimitBytes: number;
  /** Characters of stdout + stderr kept of one run. */
  outputLimit: number;
  /** Int32 slot the pool sets to 2 (SIGINT) to stop a run cooperatively. */
  interrupt: SharedArrayBuffer;
  /** A packages mirror is configured: the worker asks the pool for the wheels a run imports. */
  mirrored: boolean;
};

export type SandboxRun = { type: 'run'; source: string; testCode: string | null };

/** The pool's answer to `imports`: the wheels to install before the run, maybe none. */
export type SandboxPackages = {
  type: 'packages';
  wheels: { fileName: string; installDir: 'site' | 'dynlib'; bytes: Uint8Array }[];
};

export type SandboxRequest = SandboxRun | SandboxPackages;

export type SandboxMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  /** Modules outside the standard library the run imports, not asked for before on this worker. */
  | { type: 'imports'; names: string[] }
  | {
      type: 'done';
      output: string;
      /** null when the source and the tests finished; otherwise the exception's last line. */
      error: string | null;
      /** The heap reached its limit during the run (Python saw a MemoryError). */
      memoryExceeded: boolean;
      /** The interpreter cannot be trusted with another run (a JavaScript-level failure). */
      broken: boolean;
    };
