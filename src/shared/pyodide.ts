/**
 * The files of the `pyodide` npm package a browser needs to start Python, which the build copies to
 * PYODIDE_PATH/<version>/ of the web app (vite.config.ts) and the server sends from there like any
 * other built asset (ADR 0053). The path carries the version, so each file can be cached for good.
 */
export const PYODIDE_FILES = [
  'pyodide.mjs',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
] as const;

export const PYODIDE_PATH = '/pyodide/';
