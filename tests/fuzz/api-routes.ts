import type { App } from '#server/app';
import type { JsonSchema } from './json-schema-arbitrary';

/** One route as the app publishes it: its path template and the JSON Schema of each input. */
export type ApiRoute = {
  method: string;
  /** OpenAPI's template, e.g. `/api/courses/{id}`. */
  path: string;
  tags: string[];
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  /** The application/json body schema; undefined for routes that take none or take raw bytes. */
  body: JsonSchema | undefined;
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every route in the app's OpenAPI document (@fastify/swagger, built from the zod schemas each
 * route registers), so a route added later is fuzzed without a line changed here.
 */
export function listApiRoutes(app: App): ApiRoute[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        return {
          method: method.toUpperCase(),
          path,
          tags: operation.tags ?? [],
          pathParams: parameters
            .filter((parameter) => parameter.in === 'path')
            .map(({ name, schema }) => ({ name, schema: schema ?? { type: 'string' } })),
          queryParams: parameters
            .filter((parameter) => parameter.in === 'query')
            .map(({ name, schema, required }) => ({ name, schema: schema ?? { type: 'string' }, required: required ?? false })),
          body: operation.requestBody?.content?.['application/json']?.schema,
        };
      }),
  );
}

export const routeName = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;
