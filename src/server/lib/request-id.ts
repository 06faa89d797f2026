import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * A caller's `X-Request-ID` (a proxy's, or a drawn page's own API calls) is kept when it is a short
 * id of safe characters; anything else (3 KB of markup, control characters, two joined headers) is
 * replaced: the id is echoed in a header and written in every log line of the request.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
