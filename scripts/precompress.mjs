// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the built
// web app, which @fastify/static serves as is (preCompressed): the smallest bytes a phone can get,
// squeezed once at build time instead of at a cheap level on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webDir = path.join(process.env.DIST_DIR ?? 'dist', 'web');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain nothing worth a second file; the server sends them as they are. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (TEXT.test(entry)) yield file;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(webDir)) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
}
console.log(`web assets precompressed: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
