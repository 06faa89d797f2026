import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Serves one PGlite database over the PostgreSQL wire protocol to any number of node-postgres
 * connections. PGlite is a single backend session, so the connections take turns:
 * - a turn is a whole exchange (a simple Query, or an extended-protocol batch up to its Sync), so
 *   two connections' Parse/Bind messages never interleave on the session's unnamed statement;
 * - while a transaction is open, only the connection that opened it gets turns, so a transaction
 *   never sees another request's statements;
 * - a connection that holds a transaction but sends nothing for `idleInTransactionMs` while others
 *   wait is rolled back and closed (PostgreSQL's idle_in_transaction_session_timeout), so one stuck
 *   request cannot stall the whole app.
 */

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const PROTOCOL_3 = 196_608;
/** A frontend message larger than this is refused: nothing the app sends comes near it. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

type Turn = { connection: Connection; bytes: Uint8Array; endsExchange: boolean; done: () => void };

type Connection = {
  id: number;
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  pending: Buffer[];
  closed: boolean;
};

export type WireServerOptions = {
  db: PGlite;
  /** Unix socket path; node-postgres reaches it with host = its directory. */
  path: string;
  idleInTransactionMs?: number;
  onError?: (error: unknown) => void;
};

export async function startWireServer({ db, path, idleInTransactionMs = 15_000, onError = () => {} }: WireServerOptions) {
  const queue: Turn[] = [];
  let running = false;
  /** Connection holding the session: inside a transaction, or between an extended batch and its Sync. */
  let owner: Connection | null = null;
  let ownerIdleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  const connections = new Set<Connection>();

  function clearOwnerTimer() {
    if (ownerIdleTimer) clearTimeout(ownerIdleTimer);
    ownerIdleTimer = undefined;
  }

  function armOwnerTimer() {
    clearOwnerTimer();
    if (!owner || queue.length === 0) return;
    const stuck = owner;
    ownerIdleTimer = setTimeout(() => {
      if (owner === stuck) void abandonSession(stuck);
    }, idleInTransactionMs);
  }

  async function abandonSession(connection: Connection) {
    clearOwnerTimer();
    owner = null;
    connection.closed = true;
    connection.socket.destroy();
    try {
      if (db.isInTransaction()) await db.exec('ROLLBACK');
    } catch (error) {
      onError(error);
    }
    void pump();
  }

  function nextTurn(): Turn | undefined {
    if (!owner) return queue.shift();
    const index = queue.findIndex((turn) => turn.connection === owner);
    return index === -1 ? undefined : queue.splice(index, 1)[0];
  }

  async function pump() {
    if (running) return;
    running = true;
    try {
      for (let turn = nextTurn(); turn; turn = nextTurn()) {
        clearOwnerTimer();
        await run(turn);
        owner = turn.connection.closed ? null : !turn.endsExchange || db.isInTransaction() ? turn.connection : null;
        if (turn.connection.closed && db.isInTransaction()) await db.exec('ROLLBACK');
      }
      armOwnerTimer();
    } finally {
      running = false;
    }
  }

  async function run(turn: Turn) {
    const { connection } = turn;
    const chunks: Buffer[] = [];
    try {
      if (!connection.closed) {
        // The mutex PGlite's own exec() takes, so a rollback of an abandoned session waits its turn.
        await db.runExclusive(() =>
          db.execProtocolRawStream(turn.bytes, { onRawData: (data) => chunks.push(Buffer.from(data)) }),
        );
      }
    } catch (error) {
      onError(error);
      connection.socket.destroy();
      connection.closed = true;
    }
    if (!connection.closed && chunks.length > 0) connection.socket.write(Buffer.concat(chunks));
    turn.done();
  }

  function enqueue(connection: Connection, bytes: Buffer, endsExchange: boolean): Promise<void> {
    return new Promise((resolve) => {
      queue.push({ connection, bytes: new Uint8Array(bytes), endsExchange, done: resolve });
      void pump().catch(onError);
      if (owner && owner !== connection) armOwnerTimer();
    });
  }

  /** Splits the connection's buffer into messages and queues each finished exchange, in order. */
  async function consume(connection: Connection) {
    while (!connection.closed) {
      const { buffer } = connection;
      if (!connection.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (length < 8 || length > 10_000) return fail(connection);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          connection.socket.write('N');
          continue;
        }
        // PGlite has no backend to cancel: a CancelRequest connection is simply closed.
        if (code === CANCEL_REQUEST || code !== PROTOCOL_3) return fail(connection);
        connection.started = true;
        await enqueue(connection, buffer.subarray(0, length), true);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (length < 4 || length > MAX_MESSAGE_BYTES) return fail(connection);
      if (buffer.length < length + 1) return;
      const type = String.fromCharCode(buffer[0] ?? 0);
      const message = buffer.subarray(0, length + 1);
      connection.buffer = buffer.subarray(length + 1);
      if (type === 'X') return fail(connection);
      connection.pending.push(message);
      // Query and Sync end an exchange; Flush asks for output now, but the exchange goes on.
      if (type === 'Q' || type === 'S' || type === 'H') {
        const batch = Buffer.concat(connection.pending);
        connection.pending = [];
        await enqueue(connection, batch, type !== 'H');
      }
    }
  }

  function fail(connection: Connection) {
    connection.closed = true;
    connection.socket.destroy();
  }

  const server: Server = createServer((socket) => {
    const connection: Connection = { id: nextId++, socket, buffer: Buffer.alloc(0), started: false, pending: [], closed: false };
    connections.add(connection);
    socket.setNoDelay(true);
    let consuming = Promise.resolve();
    socket.on('data', (data) => {
      connection.buffer = connection.buffer.length === 0 ? data : Buffer.concat([connection.buffer, data]);
      consuming = consuming.then(() => consume(connection)).catch(onError);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      connections.delete(connection);
      connection.closed = true;
      for (let i = queue.length - 1; i >= 0; i--) {
        const turn = queue[i];
        if (turn?.connection === connection) {
          queue.splice(i, 1);
          turn.done();
        }
      }
      // Its open transaction must not outlive it.
      if (owner === connection) void abandonSession(connection);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    async close() {
      clearOwnerTimer();
      for (const connection of connections) connection.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
