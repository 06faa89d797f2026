// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the built
// web app, and beside Pyodide's WebAssembly (/pyodide/<version>/, ADR 0053), which @fastify/static
// serves as is (preCompressed): the smallest bytes a phone can get, squeezed once at build time instead
// of at a cheap level on every request.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webDir = path.join(process.env.DIST_DIR ?? 'dist', 'web');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|wasm)$/;
/** Smaller files gain nothing worth a second file; the server sends them as they are. */
const MIN_BYTES = 1024;
/**
 * Files this large (Pyodide's 9.6 MB of WebAssembly takes ~25 s at quality 11) are compressed once per
 * content and kept here, so a rebuild with the same package costs nothing.
 */
const CACHED_FROM_BYTES = 1024 * 1024;
const cacheDir = path.join('node_modules', '.cache', 'precompress');

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry)) yield file;
  }
}

function compress(bytes) {
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  return { br, gz: gzipSync(bytes, { level: 9 }) };
}

function compressCached(bytes) {
  if (bytes.length < CACHED_FROM_BYTES) return compress(bytes);
  const key = path.join(cacheDir, createHash('sha256').update(bytes).digest('hex'));
  if (existsSync(`${key}.br`) && existsSync(`${key}.gz`)) return { br: readFileSync(`${key}.br`), gz: readFileSync(`${key}.gz`) };
  const made = compress(bytes);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(`${key}.br`, made.br);
  writeFileSync(`${key}.gz`, made.gz);
  return made;
}

let raw = 0;
let brotli = 0;
for (const file of files(webDir)) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const { br, gz } = compressCached(bytes);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  raw += bytes.length;
  brotli += br.length;
}
console.log(`web assets precompressed: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
