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
 *   request cannot stall the whole app;
 * - a named prepared statement is the connection's own, as on a server: its name is prefixed with the
 *   connection's id on the way in (PGlite's one session would refuse a second connection preparing the
 *   same name), and what a connection prepared is deallocated when it closes.
 */

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const PROTOCOL_3 = 196_608;
/** A frontend message larger than this is refused: nothing the app sends comes near it. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

type Turn = {
  connection: Connection;
  bytes: Uint8Array;
  endsExchange: boolean;
  done: () => void;
  /** The server's own statements (a closed connection's deallocation): their answer goes nowhere. */
  internal?: boolean;
};

type Connection = {
  id: number;
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  pending: Buffer[];
  closed: boolean;
  /** The session-wide names of the statements this connection prepared. */
  statements: Set<string>;
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
  let closing = false;
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
      if (!connection.closed || turn.internal) {
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
    if (!turn.internal && !connection.closed && chunks.length > 0) connection.socket.write(Buffer.concat(chunks));
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
      connection.pending.push(ownStatementNames(connection, type, message));
      // Query and Sync end an exchange; Flush asks for output now, but the exchange goes on.
      if (type === 'Q' || type === 'S' || type === 'H') {
        const batch = Buffer.concat(connection.pending);
        connection.pending = [];
        await enqueue(connection, batch, type !== 'H');
      }
    }
  }

  /** Once a connection is gone, the statements it prepared go too (simple queries, one per name, each failing alone). */
  function deallocateStatements(connection: Connection) {
    // Closing the server ends the session, and every statement with it.
    if (closing || connection.statements.size === 0) return;
    const bytes = Buffer.concat(
      [...connection.statements].map((name) => simpleQuery(`DEALLOCATE "${name.replaceAll('"', '""')}"`)),
    );
    connection.statements.clear();
    queue.push({ connection, bytes: new Uint8Array(bytes), endsExchange: true, done: () => {}, internal: true });
    void pump().catch(onError);
  }

  function fail(connection: Connection) {
    connection.closed = true;
    connection.socket.destroy();
  }

  const server: Server = createServer((socket) => {
    const connection: Connection = {
      id: nextId++,
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      pending: [],
      closed: false,
      statements: new Set(),
    };
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
      // Its open transaction must not outlive it, nor its statements the connection.
      if (owner === connection) void abandonSession(connection);
      deallocateStatements(connection);
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
      closing = true;
      clearOwnerTimer();
      for (const connection of connections) connection.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The message with a named prepared statement's name made the connection's own (`c<id>_<name>`), for
 * the messages that carry one: Parse, Bind, and Describe or Close of a statement. Portals need none:
 * a named portal lives within a transaction, which a connection holds alone.
 */
function ownStatementNames(connection: Connection, type: string, message: Buffer): Buffer {
  const body = message.subarray(5);
  if (type === 'P') return renamed(connection, message, 0);
  if (type === 'B') return renamed(connection, message, body.indexOf(0) + 1);
  if ((type === 'D' || type === 'C') && body[0] === 'S'.charCodeAt(0)) return renamed(connection, message, 1);
  return message;
}

/** The message with the C string at `at` of its body prefixed, unless empty (the unnamed statement); Parse records the name, Close forgets it. */
function renamed(connection: Connection, message: Buffer, at: number): Buffer {
  const type = String.fromCharCode(message[0] ?? 0);
  const body = message.subarray(5);
  const end = body.indexOf(0, at);
  if (end <= at) return message;
  const name = `c${connection.id}_${body.toString('utf8', at, end)}`;
  if (type === 'P') connection.statements.add(name);
  if (type === 'C') connection.statements.delete(name);
  const rest = Buffer.concat([body.subarray(0, at), Buffer.from(name, 'utf8'), body.subarray(end)]);
  return Buffer.concat([header(type, rest.length), rest]);
}

function header(type: string, bodyLength: number): Buffer {
  const bytes = Buffer.alloc(5);
  bytes.write(type, 0, 'latin1');
  bytes.writeInt32BE(bodyLength + 4, 1);
  return bytes;
}

function simpleQuery(sql: string): Buffer {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  return Buffer.concat([header('Q', text.length), text]);
}
