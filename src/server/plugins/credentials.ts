import fp from 'fastify-plugin';
import { type CredentialKeys, loadCredentialKeys } from '../lib/credentials/credential-key';
import { didDocumentOf, didWebOf } from '../lib/credentials/issuer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform as an issuer of credentials (docs/decisions/0059): its DID, its keys, its DID document. */
    credentials: { issuer: string; keys: CredentialKeys; didDocument: ReturnType<typeof didDocumentOf> };
  }
}

/** The keys are read (or made, or rotated to CREDENTIAL_KEY) once at start: serving the DID document costs no query. */
export const credentialsPlugin = fp(
  async (app) => {
    const keys = await loadCredentialKeys({ db: app.db, configured: app.config.credentialKey });
    const issuer = didWebOf(app.config.publicUrl);
    app.decorate('credentials', { issuer, keys, didDocument: didDocumentOf(issuer, keys) });
  },
  { name: 'credentials', dependencies: ['db'] },
);
