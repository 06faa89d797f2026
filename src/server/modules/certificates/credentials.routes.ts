import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { IdParamsSchema } from '#shared/schemas/creator';
import { AppError } from '../../errors';
import { matchesEtag } from '../../lib/http-etag';
import { certificateCredential, storedStatusList } from './certificate-credentials';

const TAGS = ['certificates'];
/** JSON-LD documents: their shape is the standards', not this API's. */
const JsonLdSchema = z.record(z.string(), z.unknown());

/**
 * Served as stored and the same for everyone, to verifiers on any site (a wallet or a verifier's page
 * fetches them from the browser): public caching for `maxAge` seconds, an ETag from the signature,
 * and open to other origins.
 */
function sendSigned(request: FastifyRequest, reply: FastifyReply, document: Record<string, unknown>, maxAge: number) {
  const proof = document.proof as { proofValue?: unknown } | undefined;
  const etag = typeof proof?.proofValue === 'string' ? `"${proof.proofValue.slice(-27)}"` : undefined;
  reply.header('cache-control', `public, max-age=${maxAge}`).header('access-control-allow-origin', '*');
  if (etag) {
    reply.header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined as never);
  }
  return reply.type('application/json').send(document as never);
}

/** docs/product.md, Credentials: the issuer's DID document, each certificate's credential and the status lists. */
export const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const didDocument = JSON.stringify(app.credentials.didDocument);

  app.get(
    '/.well-known/did.json',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: "The platform's DID document (did:web): the public keys that sign its credentials",
        response: { 200: JsonLdSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .type('application/json')
        .send(didDocument as never),
  );

  app.get(
    '/api/certificates/:id/credential',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'The certificate as a signed Open Badges 3.0 credential (public by its id, like its verification page)',
        params: IdParamsSchema,
        response: { 200: JsonLdSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const credential = await certificateCredential({
        db: app.db,
        publicUrl: app.config.publicUrl,
        ...app.credentials,
        now: new Date(app.clock()),
        id: request.params.id,
      });
      if (!credential) throw new AppError(ErrorCode.NOT_FOUND, 'Certificate not found');
      return sendSigned(request, reply, credential, 300);
    },
  );

  app.get(
    '/api/credentials/status/:id',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'A revocation status list: a signed BitstringStatusListCredential',
        params: IdParamsSchema,
        response: { 200: JsonLdSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const list = await storedStatusList({ db: app.db, id: request.params.id });
      if (!list) throw new AppError(ErrorCode.NOT_FOUND, 'Status list not found');
      // Short: a revocation reaches verifiers within a minute.
      return sendSigned(request, reply, list, 60);
    },
  );
};
