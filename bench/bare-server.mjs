// The baseline: node:http answering the status, body and headers it is sent, and nothing else.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
// Ends with the benchmark, even when the benchmark is interrupted.
process.once('disconnect', () => process.exit(0));
process.once('message', ({ body: base64, headers, status = 200 }) => {
  const body = Buffer.from(base64, 'base64');
  createServer((_request, response) => {
    response.writeHead(status, { ...headers, 'content-length': body.length });
    response.end(body);
  }).listen(port, '127.0.0.1', () => process.send('ready'));
});
