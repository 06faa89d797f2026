import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder of the running server's embedded-database socket, written into DATA_DIR, so that
 * `npm run backup` reads the database while the server holds it (ADR 0040). The folder is private
 * (0700), so only the server's user (or root) gets through it. A file left by a killed server names
 * a socket nobody answers on, and the lock file tells that server is gone anyway.
 */
export const SERVER_SOCKET_FILE = 'server.socket';

export function publishServerSocket(dataDir: string, socketDir: string): () => void {
  const file = path.join(dataDir, SERVER_SOCKET_FILE);
  writeFileSync(file, `${socketDir}\n`, { mode: 0o600 });
  return () => rmSync(file, { force: true });
}
