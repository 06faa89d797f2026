// deploy/nginx.conf as nginx reads it: the template's ${GA_…} placeholders filled in, the way the
// nginx image's envsubst step fills them for compose.yaml (ADR 0038).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const NGINX_TEMPLATE = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));

/** How nginx treats each instance: out for 2 s after one failed connection, then tried again. */
export const UPSTREAM_SERVER_PARAMETERS = 'max_fails=1 fail_timeout=2s';

const PLACEHOLDER = /\$\{(GA_[A-Z0-9_]+)\}/g;

/** The template's placeholders, in order of first use. */
export function placeholdersOf(template) {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

/** GA_UPSTREAM_SERVERS for instances at `addresses` (`host:port`). */
export function upstreamServers(addresses) {
  return addresses.map((address) => `server ${address} ${UPSTREAM_SERVER_PARAMETERS};`).join(' ');
}

/** The template with every placeholder filled; a placeholder without a value is an error, not an empty string. */
export function renderNginxConfig(values, template = readFileSync(NGINX_TEMPLATE, 'utf8')) {
  const missing = placeholdersOf(template).filter((name) => typeof values[name] !== 'string');
  if (missing.length > 0) throw new Error(`deploy/nginx.conf needs ${missing.join(', ')}`);
  return template.replace(PLACEHOLDER, (_, name) => values[name]);
}
