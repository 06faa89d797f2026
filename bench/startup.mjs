// Start-up time and memory of the built server: on an empty DATA_DIR (create, migrate, seed) and on an existing one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort, memoryOf, startServer, stop } from './lib.mjs';

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-startup-'));
const empty = await startServer({ dataDir, port: await freePort() });
const emptyMemory = memoryOf(empty.child.pid);
await stop(empty);
const existing = await startServer({ dataDir, port: await freePort() });
await new Promise((resolve) => setTimeout(resolve, 2000));
const steady = memoryOf(existing.child.pid);
await stop(existing);
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `start-up on an empty DATA_DIR:    ${Math.round(empty.startupMs)} ms (server RSS ${emptyMemory.rssMb} MB, peak ${emptyMemory.peakMb} MB)`,
);
console.log(
  `start-up on an existing DATA_DIR: ${Math.round(existing.startupMs)} ms (server RSS ${steady.rssMb} MB, peak ${steady.peakMb} MB)`,
);
