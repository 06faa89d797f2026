// The baseline: node:http answering the status, body and headers it is sent, and nothing else. A
// header whose value differs on every request (the app's X-Request-Id) is sent with a fresh value
// of the same kind each time, so both servers put the same bytes on the wire; leaving it out made
// the bare server's answers one header shorter, which on this machine alone moved a row by ~13 %.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
// Ends with the benchmark, even when the benchmark is interrupted.
process.once('disconnect', () => process.exit(0));
process.once('message', ({ body: base64, headers, status = 200, requestId = false }) => {
  const body = Buffer.from(base64, 'base64');
  createServer((_request, response) => {
    response.writeHead(
      status,
      requestId
        ? { ...headers, 'x-request-id': randomUUID(), 'content-length': body.length }
        : { ...headers, 'content-length': body.length },
    );
    response.end(body);
  }).listen(port, '127.0.0.1', () => process.send('ready'));
});
