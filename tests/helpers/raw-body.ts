import net from 'node:net';

export type RawAnswer = { status: number; body: string } | { status: 0; error: string };

/**
 * Sends a request with a body of `size` bytes over a plain socket, as a browser does: it stops
 * sending once an answer starts arriving, and reads that answer whole. A connection reset before any
 * answer is status 0.
 */
export function sendBody(
  url: string,
  { method, path, size, headers = {} }: { method: string; path: string; size: number; headers?: Record<string, string> },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let received = Buffer.alloc(0);
    let left = size;
    let isAnswered = false;
    let isSettled = false;
    const settle = (answer: RawAnswer) => {
      if (isSettled) return;
      isSettled = true;
      socket.destroy();
      resolve(answer);
    };
    const parsed = (): RawAnswer | undefined => {
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return undefined;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? Number.NaN);
      const body = received.subarray(end + 4);
      if (!(body.length >= length)) return undefined;
      return { status: Number(text.slice(9, 12)), body: body.subarray(0, length).toString('utf8') };
    };
    socket.on('connect', () => {
      const lines = [`${method} ${path} HTTP/1.1`, 'host: raw-body.test', `content-length: ${size}`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      const write = () => {
        while (left > 0 && !isAnswered) {
          const length = Math.min(left, chunk.length);
          left -= length;
          if (!socket.write(chunk.subarray(0, length))) return void socket.once('drain', write);
        }
      };
      write();
    });
    socket.on('data', (data: Buffer) => {
      isAnswered = true;
      received = Buffer.concat([received, data]);
      const answer = parsed();
      if (answer) settle(answer);
    });
    const failed = (why: string) => settle(parsed() ?? { status: 0, error: why });
    socket.on('error', (error: NodeJS.ErrnoException) => failed(error.code ?? error.message));
    socket.on('close', () => failed('closed before an answer'));
  });
}
