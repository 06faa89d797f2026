import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { TestPlugin } from '#server/app';

/**
 * Checks every JSON answer against the response schema its route declares for that status (what the
 * OpenAPI document shows). Hot routes send bytes prepared in advance past Fastify's serializer
 * (prepared-json.ts, json-bytes.ts), so nothing else would notice them drifting from their contract.
 * A hook at the root, registered through buildApp's test seam, sees every route's answers.
 */
export function responseSchemaChecker(): { plugin: TestPlugin; mismatches: string[]; checked: () => number } {
  const mismatches: string[] = [];
  let checked = 0;
  const hook = fp(async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const contentType = String(reply.getHeader('content-type') ?? '');
      const isJson = contentType.startsWith('application/json');
      const isEncoded = reply.getHeader('content-encoding') !== undefined;
      if (!isJson || isEncoded || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
      // The router's own 404 belongs to no route; the documentation's routes (the OpenAPI document) have no schema.
      const routeSchema = request.routeOptions.schema as { hide?: boolean; response?: Record<string, ZodType> } | undefined;
      if (!request.routeOptions.url || !routeSchema || routeSchema.hide) return payload;
      const route = `${request.method} ${request.routeOptions.url} ${reply.statusCode}`;
      const schema = routeSchema.response?.[String(reply.statusCode)];
      if (!schema) {
        mismatches.push(`${route}: answered JSON with no schema declared for this status`);
        return payload;
      }
      checked++;
      const parsed = schema.safeParse(JSON.parse(payload.toString()));
      if (!parsed.success)
        mismatches.push(`${route}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
      return payload;
    });
  });
  return { plugin: { routes: hook as unknown as TestPlugin['routes'] }, mismatches, checked: () => checked };
}
