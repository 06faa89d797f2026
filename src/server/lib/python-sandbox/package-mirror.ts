import { createHash } from 'node:crypto';

/*
 * An operator's mirror of Pyodide's packages (PYODIDE_PACKAGES_URL; docs/product.md, Running Python):
 * a folder holding pyodide-lock.json and the wheels it names. The main thread fetches from it, only
 * from it, and hands a worker the wheels its run imports; the worker never touches the network.
 */

export type MirroredWheel = { name: string; fileName: string; installDir: 'site' | 'dynlib'; bytes: Uint8Array };

type LockPackage = {
  name: string;
  file_name: string;
  install_dir: 'site' | 'dynlib';
  sha256: string;
  imports: string[];
  depends: string[];
};
type Lock = { packages: Record<string, LockPackage> };

export type PackageMirror = {
  /** The wheels (dependencies first) of the packages providing `importNames`, but those in `installed`. */
  wheelsFor: (importNames: string[], installed: ReadonlySet<string>) => Promise<MirroredWheel[]>;
};

const TIMEOUT_MS = 30_000;
/** A wheel or lock file larger than this is refused (the largest of Pyodide's, with its libraries, is well under). */
const MAX_BYTES = 128 * 1024 * 1024;

/** Pyodide's lock keys: lower case, runs of `-`, `_` and `.` as one `-`. */
const normalize = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

export function createPackageMirror(baseUrl: string): PackageMirror {
  const base = new URL(baseUrl).href;
  let lock: Promise<{ packages: Record<string, LockPackage>; byImport: Map<string, string> }> | undefined;
  const wheels = new Map<string, Promise<Uint8Array>>();

  /** Only addresses inside the mirror's folder, no redirect elsewhere, a bounded size. */
  async function download(file: string): Promise<Uint8Array> {
    const url = new URL(file, base);
    if (!url.href.startsWith(base)) throw new Error(`${file} is outside the package mirror`);
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) throw new Error(`${url.href} is too large`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_BYTES) throw new Error(`${url.href} is too large`);
    return bytes;
  }

  function readLock() {
    lock ??= download('pyodide-lock.json').then((bytes) => {
      const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Lock;
      const byImport = new Map<string, string>();
      for (const [key, entry] of Object.entries(parsed.packages ?? {})) {
        for (const name of entry.imports ?? []) byImport.set(name, key);
      }
      return { packages: parsed.packages ?? {}, byImport };
    });
    // A mirror that was down is asked again next time.
    lock.catch(() => {
      lock = undefined;
    });
    return lock;
  }

  function wheel(entry: LockPackage): Promise<Uint8Array> {
    let bytes = wheels.get(entry.file_name);
    if (!bytes) {
      bytes = download(entry.file_name).then((data) => {
        const digest = createHash('sha256').update(data).digest('hex');
        if (digest !== entry.sha256) throw new Error(`${entry.file_name} does not match its sha256 in the lock file`);
        return data;
      });
      wheels.set(entry.file_name, bytes);
      bytes.catch(() => wheels.delete(entry.file_name));
    }
    return bytes;
  }

  return {
    async wheelsFor(importNames, installed) {
      const { packages, byImport } = await readLock();
      const order: string[] = [];
      const seen = new Set<string>();
      const visit = (key: string) => {
        if (seen.has(key) || installed.has(key) || !packages[key]) return;
        seen.add(key);
        for (const dependency of packages[key].depends ?? []) visit(normalize(dependency));
        order.push(key);
      };
      for (const name of importNames) {
        const key = byImport.get(name);
        if (key) visit(key);
      }
      return Promise.all(
        order.map(async (key) => {
          const entry = packages[key] as LockPackage;
          return { name: key, fileName: entry.file_name, installDir: entry.install_dir, bytes: await wheel(entry) };
        }),
      );
    },
  };
}
