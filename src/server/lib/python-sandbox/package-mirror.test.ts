import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lockFile, serveFiles, sha256, tinyWheel } from '#tests/helpers/tiny-wheel';
import { createPythonPool, type PythonPool } from './pool';

/* The packages mirror (PYODIDE_PACKAGES_URL; docs/product.md, Running Python), with wheels the test builds and serves. */

const tiny = tinyWheel('tinywheel', 'hi from tinywheel');
const uses = tinyWheel('usestiny', 'unused');
const tampered = tinyWheel('tampered', 'changed after locking');

let mirror: { url: string; asked: string[]; server: Server };
let pool: PythonPool;
let plain: PythonPool;

// No database: once, on the first project.
describe.skipIf(inject('dbKind') === 'postgres')('packages from the mirror', () => {
  beforeAll(async () => {
    const lock = lockFile({
      tinywheel: { fileName: tiny.fileName, sha256: sha256(tiny.bytes), imports: ['tinywheel'] },
      usestiny: { fileName: uses.fileName, sha256: sha256(uses.bytes), imports: ['usestiny'], depends: ['TinyWheel'] },
      tampered: { fileName: tampered.fileName, sha256: sha256(tiny.bytes), imports: ['tampered'] },
      outside: { fileName: '../outside.whl', sha256: sha256(tiny.bytes), imports: ['outside'] },
    });
    mirror = await serveFiles({
      '/mirror/pyodide-lock.json': lock,
      [`/mirror/${tiny.fileName}`]: tiny.bytes,
      [`/mirror/${uses.fileName}`]: uses.bytes,
      [`/mirror/${tampered.fileName}`]: tampered.bytes,
      '/outside.whl': tiny.bytes,
    });
    pool = createPythonPool({ size: 1, queueLimit: 4, packagesUrl: `${mirror.url}/mirror/` });
    plain = createPythonPool({ size: 1, queueLimit: 4 });
  });
  afterAll(async () => {
    await Promise.all([pool.close(), plain.close()]);
    mirror.server.close();
  });

  it('installs a package the code imports from the mirror, once, for every later run', { timeout: 60_000 }, async () => {
    expect(await pool.run({ source: 'import tinywheel\nprint(tinywheel.hello())' })).toEqual({
      output: 'hi from tinywheel\n',
      error: null,
      correct: true,
    });
    // Installed for good: a later run (whose files are reset) finds it without asking again.
    expect(
      await pool.run({ source: 'print(1)', testCode: 'from tinywheel import hello\nassert hello() == "hi from tinywheel"' }),
    ).toEqual({ output: '1\n', error: null, correct: true });
    expect(mirror.asked.filter((path) => path.includes('tinywheel'))).toEqual([`/mirror/${tiny.fileName}`]);
    // A package's dependencies come with it.
    expect((await pool.run({ source: 'import usestiny, tinywheel; print(usestiny.hello())' })).output).toBe('unused\n');
  });

  it('says clearly what the mirror does not have, and fetches only what its lock file names inside it', {
    timeout: 60_000,
  }, async () => {
    for (const name of ['numpy', 'tampered', 'outside']) {
      const result = await pool.run({ source: `import ${name}` });
      expect(result.error, name).toBe(
        `ModuleNotFoundError: ${name} is not available on this server: the package mirror does not have it`,
      );
    }
    expect(mirror.asked).not.toContain('/outside.whl');
    expect(mirror.asked.filter((path) => path === '/mirror/pyodide-lock.json')).toHaveLength(1);
    expect(mirror.asked.every((path) => path.startsWith('/mirror/'))).toBe(true);
  });

  it('without a mirror, says the packages are not mirrored', { timeout: 60_000 }, async () => {
    const result = await plain.run({ source: 'import tinywheel' });
    expect(result.error).toBe(
      'ModuleNotFoundError: tinywheel is not available on this server: its packages are not mirrored (PYODIDE_PACKAGES_URL)',
    );
    expect((await plain.run({ source: 'import json; print(json.dumps(1))' })).output).toBe('1\n');
  });
});
