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
};

export type SandboxRun = { type: 'run'; source: string; testCode: string | null };

export type SandboxMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
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
