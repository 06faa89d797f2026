/** Messages between the page (run-python.ts) and Python's worker (python.worker.ts). */

export type PythonRequest =
  /** The first message: load Pyodide; packages come from `packagesUrl` when one is given. */
  | { type: 'start'; packagesUrl: string | null }
  | { type: 'run'; id: number; source: string; session: string }
  /** The session's namespace is no longer needed (its slide was left). */
  | { type: 'forget'; session: string };

export type PythonReply =
  | { type: 'started' }
  | { type: 'start-failed'; message: string }
  /** The run's packages are loaded and its code starts: its time limit starts now. */
  | { type: 'running'; id: number }
  /** What the run printed since the last message (stdout and stderr, in order). */
  | { type: 'output'; id: number; text: string }
  /** `error`: null when the code finished, otherwise the exception's last line. */
  | { type: 'done'; id: number; error: string | null };
