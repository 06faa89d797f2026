// The baseline: node:http answering the bytes it is sent, with the same content type.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
process.once('message', (base64) => {
  const body = Buffer.from(base64, 'base64');
  createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  }).listen(port, '127.0.0.1', () => process.send('ready'));
});
