import { createHash } from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import type { CredentialVerification } from '#shared/schemas/certificates';
import { type DocumentLoader, staticDocumentLoader } from './document-loader';
import type { didDocumentOf } from './issuer';

/*
 * What the verification page says it checked (docs/product.md, Credentials): the credential's proof
 * against the keys of the issuer's DID document, and its bit in its signed status list, the way any
 * standard verifier does it. No network: the contexts come from packages, the DID document is the one
 * this app serves, and the status list is the one it stores.
 */

type Json = Record<string, unknown>;
type DidDocument = ReturnType<typeof didDocumentOf>;

export type Checked = Omit<CredentialVerification, 'checkedAt'>;

function verificationLoader(didDocument: DidDocument, statusList: Json | null): DocumentLoader {
  const documents = new Map<string, unknown>([
    [didDocument.id, didDocument],
    ...didDocument.verificationMethod.map((method) => [method.id, { '@context': didDocument['@context'], ...method }] as const),
  ]);
  if (statusList && typeof statusList.id === 'string') documents.set(statusList.id, statusList);
  return staticDocumentLoader(documents);
}

/** Both documents as checked, so that any change to either (a list signed again, a row altered) checks again. */
const versionOf = (credential: Json, statusList: Json | null) =>
  createHash('sha256')
    .update(JSON.stringify([credential, statusList]))
    .digest('base64url');

/** Checks a credential and the status list it names (null when there is none). */
export async function verifyCredential({
  credential,
  statusList,
  didDocument,
}: {
  credential: Json;
  statusList: Json | null;
  didDocument: DidDocument;
}): Promise<Checked> {
  const documentLoader = verificationLoader(didDocument, statusList);
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  // The status is judged apart, below: this answer is about the proof alone (and its date and form).
  const signature = await vc.verifyCredential({
    credential,
    suite,
    documentLoader,
    checkStatus: async () => ({ verified: true }),
  });
  const status = await checkStatus({ credential, documentLoader, suite, verifyBitstringStatusListCredential: true });
  const revoked = status.verified ? status.results?.[0]?.status : undefined;
  return {
    issuer: typeof credential.issuer === 'object' && credential.issuer !== null ? String((credential.issuer as Json).id) : '',
    signature: signature.verified ? 'valid' : 'invalid',
    // A list that is missing or fails its own proof says nothing: the page says the status is unknown.
    status: revoked === undefined ? 'unknown' : revoked ? 'revoked' : 'active',
  };
}

/** Results kept, a few hundred at most, each good while the credential and its list are the ones checked. */
const KEPT = 500;

/**
 * Verifying costs tens of milliseconds of canonicalisation; a verification page is opened far more often
 * than its certificate or its list change, so a result is kept per certificate and reused while both
 * documents are the same (a revocation signs the list again, which changes it).
 */
export function createVerificationCache() {
  const kept = new Map<string, { version: string; result: Checked; checkedAt: number }>();
  return async function verified(
    input: Parameters<typeof verifyCredential>[0] & { certificateId: string; now: number },
  ): Promise<CredentialVerification> {
    const version = versionOf(input.credential, input.statusList);
    let entry = kept.get(input.certificateId);
    if (entry?.version !== version) {
      entry = { version, result: await verifyCredential(input), checkedAt: input.now };
      kept.delete(input.certificateId);
      kept.set(input.certificateId, entry);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    }
    return { ...entry.result, checkedAt: new Date(entry.checkedAt).toISOString() };
  };
}
