// `npm start`: build when the sources are newer than the last build, then run the server in this process.
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import(path.resolve('dist/server/server.js'));
